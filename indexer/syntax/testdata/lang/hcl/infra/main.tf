terraform {
  required_version = ">= 1.5"
}

provider "aws" {
  region = var.region
}

# region is where everything runs.
variable "region" {
  type    = string
  default = "eu-west-1"
}

# The shop's web servers, behind the load balancer.
resource "aws_instance" "web" {
  ami           = data.aws_ami.ubuntu.id
  instance_type = "t3.small"

  lifecycle {
    create_before_destroy = true
  }
}

data "aws_ami" "ubuntu" {
  most_recent = true
}

module "vpc" {
  source = "./modules/vpc"
  cidr   = "10.0.0.0/16"
}

locals {
  name = "shop-${var.region}"
}

// web_ip is the public address of the web server.
output "web_ip" {
  value = aws_instance.web.public_ip
}

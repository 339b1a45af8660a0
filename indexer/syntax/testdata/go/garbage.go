this is not Go at all ))) {{{ ;;;

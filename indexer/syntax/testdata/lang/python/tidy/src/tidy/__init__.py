"""Tidy: text cleaning helpers."""

"""Shipped weights (ONNX) and their model card; a data-only package so a wheel carries them."""

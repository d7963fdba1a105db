"""The data generators' one family of exceptions."""


class DatasetError(Exception):
    """Base of every error the synthetic data generators raise (missing artwork, bad options)."""

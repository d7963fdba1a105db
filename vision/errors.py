"""The vision package's one family of exceptions."""


class VisionError(Exception):
    """Base of every error the vision code raises on bad input (an unreadable image, a missing model)."""

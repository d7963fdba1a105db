"""The web package's one family of exceptions."""


class WebError(Exception):
    """Base of every error the web layer raises (bad settings, a corrupt database)."""

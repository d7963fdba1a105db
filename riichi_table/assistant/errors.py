"""The running assistant's one family of exceptions."""


class AssistantError(Exception):
    """Base of every error the assistant raises: a source that cannot be opened, a reader that cannot be set
    up, a calibration that failed. The message says what was wrong; the game state is kept."""

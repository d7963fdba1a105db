"""The device package's one family of exceptions."""


class DeviceError(Exception):
    """Base of every error the LED/buzzer driver or protocol raises."""

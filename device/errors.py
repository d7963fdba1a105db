"""The device package's one family of exceptions.

Every message says what form was expected and what was given, e.g. `PING takes no arguments, got ['x']`.
"""


class DeviceError(Exception):
    """Base of every error the LED/buzzer driver or protocol raises."""


class DeviceTimeoutError(DeviceError):
    """The unit did not answer a command within the reply timeout (after the one retry)."""


class PortNotOpenError(DeviceError):
    """A port could not be opened (missing path, unplugged cable, bad URL) or is no longer open."""


class PortBusyError(PortNotOpenError):
    """Another program (a second assistant, a serial monitor) holds the port's exclusive lock."""


class ProtocolError(DeviceError):
    """A command or reply that does not follow docs/device-protocol.md."""

"""riichi-table: the command-line face of the engine, vision, device and web packages."""

__version__ = "0.1.0"

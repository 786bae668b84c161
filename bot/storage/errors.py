"""What can go wrong with the database, each as one plain sentence for an operator."""

from __future__ import annotations


class StorageError(Exception):
    """The database could not do what was asked; the message is one sentence for an operator."""


class StorageLost(StorageError):
    """The database file was removed or replaced while the bot ran."""


class DatabaseTooNew(StorageError):
    """The database was written by a newer version of the bot."""


def too_new(version: int, latest: int) -> DatabaseTooNew:
    return DatabaseTooNew(
        f"The database is at schema version {version} but this bot only knows up to {latest}: "
        "run a newer version of the bot, or restore a backup."
    )


class StorageUnavailable(StorageError):
    """The database did not answer in time (locked by another program, or unreachable):
    nothing was written, and trying again later may work."""


class OwnershipLost(StorageUnavailable):
    """Another process owns these tables now (or may): this one must not write them."""


ONE_IN_CHANNEL_INDEX = "game_tables_one_in_channel"


class ChannelTaken(StorageError):
    """A live game already plays in this channel itself (the database's unique index on it
    refused a second one): an answer to give the person, not a failure."""

    def __init__(self) -> None:
        super().__init__("A live game already plays in this channel.")

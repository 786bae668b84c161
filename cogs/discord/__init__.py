"""What the cogs need of discord.py that is not a cog: answering an interaction (``context``),
routing clicks (``router``), the slash commands' errors and translations, and the feed's way
out to Discord (``io``, ``rest``, ``ui``)."""

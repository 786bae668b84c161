"""The emulator's REST handlers, one module per family of routes; ``core`` maps routes to them."""

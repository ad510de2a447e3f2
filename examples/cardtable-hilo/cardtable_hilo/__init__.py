"""Higher or Lower, an example Card Table plugin."""

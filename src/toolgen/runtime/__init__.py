"""What a program runs with toolgen's generated constants: tool calls in, results out."""

"""The board's drawing: the SVG board and its pieces, marks and motion, the
screen-reader grid, and where the arrow keys go. Runs in the app worker.
"""

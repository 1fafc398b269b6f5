"""The browser layer: renders what the engine reports and turns clicks into its actions.

Its records are plain classes unless a dataclass's generated equality,
``repr`` or freezing is worth having (``Query``, ``Decision``, ``Entry``, the
bot client's and the commands' answers): each ``@dataclass`` costs the
page's boot about 1-2 ms in Pyodide, a plain class 0.01 ms. The 18 defined
at boot (12 of them the engine's) took 15-55 ms of the 300-450 ms that
importing the page's Python from the bundle takes (Pyodide 3.14 under Node,
five runs).
"""

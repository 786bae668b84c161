"""The computer players' search, compiled: the Smear and Salad rules, the ``normal`` players'
moves, the deals of the unseen cards, the likelihoods of what the others did, the exact Smear
endgame and the search's inner loop, as kernels numba compiles (``jit``), or the same source
interpreted where it cannot. ``warm.warm_up`` loads (or compiles) them ahead of a first
decision.
"""

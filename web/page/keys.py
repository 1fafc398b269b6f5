"""Placeholder keys module: a constant the glue sends, so that every module of the package loads."""

NAME = "placeholder"

# bench/locate.ts (walks of real library code): Python 3.11's tomllib, copied from the standard library
# (Lib/tomllib/__init__.py) into the bench's programs, so that bpdiff walks it as the program's own code. MIT (its
# SPDX lines below), licensed to the PSF under a Contributor Agreement: see https://docs.python.org/3/license.html.
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2021 Taneli Hukkinen
# Licensed to PSF under a Contributor Agreement.

__all__ = ("loads", "load", "TOMLDecodeError")

from ._parser import TOMLDecodeError, load, loads

# Pretend this exception was created here.
TOMLDecodeError.__module__ = __name__

# bench/locate.ts (walks of real library code): Python 3.11's tomllib, copied from the standard library
# (Lib/tomllib/_types.py) into the bench's programs, so that bpdiff walks it as the program's own code. MIT (its
# SPDX lines below), licensed to the PSF under a Contributor Agreement: see https://docs.python.org/3/license.html.
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2021 Taneli Hukkinen
# Licensed to PSF under a Contributor Agreement.

from typing import Any, Callable, Tuple

# Type annotations
ParseFloat = Callable[[str], Any]
Key = Tuple[str, ...]
Pos = int

// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a unity build, one C file including the others. */
#include "demo.h"

#include "part.c"

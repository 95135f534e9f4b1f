// The declaration in include/CFuzzDriver.h is all this target provides; libFuzzer defines it.
#include "CFuzzDriver.h"

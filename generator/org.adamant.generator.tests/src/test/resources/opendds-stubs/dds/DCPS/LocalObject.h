#pragma once
#include "opendds_stub.h"

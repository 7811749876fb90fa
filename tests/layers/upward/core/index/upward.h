#pragma once
// Fixture of the layer check's test (tests/CMakeLists.txt): core/index may include core/model only, so
// the check must reject this include. Never compiled.
#include "core/import/discovery.h"
#include "core/model/batch.h"

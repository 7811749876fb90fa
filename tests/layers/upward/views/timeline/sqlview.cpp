// Fixture of the layer check's test: views reach core through query, compare, annotate, shapes and
// model only, so the check must reject this include. Never compiled.
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

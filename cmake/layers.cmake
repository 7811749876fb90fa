# The one table of Rankscope's layers: each folder and the folders it may include and link, bottom to top.
# core/CMakeLists.txt, views/ and app/ link exactly these (rankscope_<name> targets), and the layer check
# (cmake/checklayers.cmake, run by the `layer_check` target in every build) fails the build naming the
# file and the include when a source includes a folder its row does not list. Change a row here, nowhere
# else. Read by CMake and by `cmake -P` scripts: keep it plain set() calls.
set(RANKSCOPE_LAYERS model io formats index stats import analysis annotate shapes query compare pipeline cache demo
    views app)
set(RANKSCOPE_LAYER_DEPS_model "")
set(RANKSCOPE_LAYER_DEPS_io model)
set(RANKSCOPE_LAYER_DEPS_formats io model)
set(RANKSCOPE_LAYER_DEPS_index model)
set(RANKSCOPE_LAYER_DEPS_stats index model)
set(RANKSCOPE_LAYER_DEPS_import formats io index model)
set(RANKSCOPE_LAYER_DEPS_analysis stats index model)
set(RANKSCOPE_LAYER_DEPS_annotate index model)
set(RANKSCOPE_LAYER_DEPS_shapes stats index model)
set(RANKSCOPE_LAYER_DEPS_query shapes annotate stats formats io index model)
set(RANKSCOPE_LAYER_DEPS_compare query stats index model)
set(RANKSCOPE_LAYER_DEPS_pipeline analysis import index model)
set(RANKSCOPE_LAYER_DEPS_cache annotate index model)
set(RANKSCOPE_LAYER_DEPS_demo model)
# views reach core only through its read side (never import, index, analysis or pipeline)
set(RANKSCOPE_LAYER_DEPS_views compare query shapes annotate model)
set(RANKSCOPE_LAYER_DEPS_app views cache pipeline compare query shapes annotate demo index model)

# The source folder of a layer: core/<name>, except views/ and app/.
function(rankscope_layer_dir layer out)
  if(layer STREQUAL "views" OR layer STREQUAL "app")
    set(${out} "${layer}" PARENT_SCOPE)
  else()
    set(${out} "core/${layer}" PARENT_SCOPE)
  endif()
endfunction()

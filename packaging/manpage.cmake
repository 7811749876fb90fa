# Writes OUT (a gzipped man page) from IN with the output of `BIN --help` as its USAGE section.
# Run as `cmake -DBIN=… -DIN=… -DOUT=… -DVERSION=… -P manpage.cmake` after the binary is built.
execute_process(COMMAND "${BIN}" --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "manpage: '${BIN} --help' exited with ${rc}")
endif()
# roff: a backslash is \e; a line starting with '.' or a quote would be a request, so guard it with \&;
# "-" as \- keeps options copyable.
string(REPLACE "\\" "\\e" help "${help}")
string(REPLACE "-" "\\-" help "${help}")
string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
string(REGEX REPLACE "\n+$" "" help "${help}")
set(RANKSCOPE_HELP "${help}")
set(PROJECT_VERSION "${VERSION}")
string(TIMESTAMP RANKSCOPE_DATE "%Y-%m-%d" UTC) # honours SOURCE_DATE_EPOCH, for reproducible packages
get_filename_component(page "${OUT}" NAME_WLE)
get_filename_component(dir "${OUT}" DIRECTORY)
configure_file("${IN}" "${dir}/${page}" @ONLY)
file(REMOVE "${OUT}")
execute_process(COMMAND gzip -9nf "${dir}/${page}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "manpage: gzip failed (${rc})")
endif()

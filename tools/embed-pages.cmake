# Writes a C++ file defining one std::string_view per page file (HTML, CSS, JavaScript), its
# exact bytes: every byte is written as a \xNN escape, so no text in a file (a quote, a
# backslash, a raw string's delimiter, bytes past ASCII) can end or bend the literal. The
# header given declares the names; the build runs this whenever a page file changes.
# Usage: cmake -DSRC=<pages dir> -DOUT=<file.cpp> -DHEADER=<header to include>
#              -DNAMESPACE=<namespace> -DENTRIES=<name:file,name:file,...> -P embed-pages.cmake
string(REPLACE "," ";" entries "${ENTRIES}")
set(body "")
foreach(entry IN LISTS entries)
  string(FIND "${entry}" ":" colon)
  if(colon LESS 1)
    message(FATAL_ERROR "embed-pages: ENTRIES item '${entry}' is not name:file")
  endif()
  string(SUBSTRING "${entry}" 0 ${colon} name)
  math(EXPR start "${colon} + 1")
  string(SUBSTRING "${entry}" ${start} -1 file)
  if(NOT EXISTS "${SRC}/${file}")
    message(FATAL_ERROR "embed-pages: ${SRC}/${file} does not exist")
  endif()
  file(READ "${SRC}/${file}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(APPEND body "// ${file}\nconstinit const std::string_view ${name}{\n")
  set(at 0)
  while(at LESS hex_length)
    string(SUBSTRING "${hex}" ${at} 64 chunk)  # 32 bytes a line
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" chunk "${chunk}")
    string(APPEND body "    \"${chunk}\"\n")
    math(EXPR at "${at} + 64")
  endwhile()
  if(size EQUAL 0)
    string(APPEND body "    \"\"\n")
  endif()
  string(APPEND body "    , ${size}};\n\n")
endforeach()
file(WRITE "${OUT}.tmp"
     "// Generated from the page files by tools/embed-pages.cmake; do not edit.\n#include \"${HEADER}\"\n\n"
     "namespace ${NAMESPACE} {\n\n${body}}  // namespace ${NAMESPACE}\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)

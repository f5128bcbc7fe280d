# `mancala trace --moves` with an illegal move: the record up to that position, then the error
# line, and exit status 2 (issue 3).
execute_process(COMMAND ${MANCALA} trace ${GAME} --moves "A1 ccw, Z9"
                RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 2)
  message(FATAL_ERROR "expected exit status 2, got ${status}")
endif()
string(REGEX MATCHALL "\n" lines "${out}")
list(LENGTH lines count)
if(NOT count EQUAL 3)
  message(FATAL_ERROR "expected 3 lines, got ${count}:\n${out}")
endif()
if(NOT out MATCHES "\\{\"error\":\"illegal move Z9\",\"ply\":1\\}\n$")
  message(FATAL_ERROR "no error line:\n${out}")
endif()

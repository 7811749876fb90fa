#pragma once
// A test profile shared by the tests of collided rank keys (tst_cli, tst_collidedranknames).
#include "tests/support/testsupport.h"

#include <string>

namespace rs::test {

/// A folder where rank 0 collides: a legacy rank 0 (a step trace of 2 steps on another clock than its
/// timeline's one op) beside a larger Kineto rank 0 that keeps key 0, so the legacy rank is key 10000 and
/// its clock warning is stored under that key. Returns `dir`.
inline std::string writeCollidedRankZero(const std::string& dir) {
    test::writeFile(dir + "/step_trace_raw_0_detail_time.csv",
                    "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,"
                    "tail\n1,45000000000,45000100000,100000,45000010000,45000080000,0,70000,20000\n"
                    "2,45000100000,45000200000,100000,45000110000,45000180000,0,70000,20000\n");
    test::writeFile(dir + "/ascend_timeline_display_0.json",
                    "[{\"name\": \"AssignAdd-op1\", \"ph\": \"X\", \"tid\": \"519\", \"ts\": 1000.0, "
                    "\"dur\": 3.1, \"pid\": 1}]");
    std::string events;
    for (int i = 0; i < 40; ++i)
        events += std::string(i ? "," : "") +
                  "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0," +
                  "\"tid\":7,\"ts\":" + std::to_string(1700000000000000 + i * 1000) + ",\"dur\":500}";
    test::writeFile(dir + "/kineto/rank-0.pt.trace.json",
                    "{\"distributedInfo\":{\"rank\":0,\"world_size\":1},\"traceEvents\":[" + events + "]}");
    return dir;
}

} // namespace rs::test

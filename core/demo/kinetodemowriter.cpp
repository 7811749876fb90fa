#include "core/demo/kinetodemowriter.h"

#include "core/demo/demomemory.h"
#include "core/demo/textsink.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <vector>

namespace fs = std::filesystem;

namespace rs::demo {

std::string kinetoKernelName(std::string_view op) {
    if (op == "MatMulV2") return "ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_tn";
    if (op == "BatchMatMul") return "ampere_fp16_s16816gemm_fp16_64x64_sliced1x2_ldg8_f2f_nn";
    if (op == "Cast")
        return "void at::native::vectorized_elementwise_kernel<4, at::native::CastFunctor<c10::Half, float>, "
               "at::detail::Array<char*, 2> >(int, at::native::CastFunctor<c10::Half, float>, at::detail::Array<char*, 2>)";
    return "void at::native::" + std::string(op) + "Kernel<c10::Half, float>(c10::Half const*, c10::Half*, long)";
}

namespace {

constexpr int64_t kBaseNs = int64_t(1736408883000000) * 1000; // baseTimeNanoseconds

std::string rel(int64_t ns) { return usText(ns - kBaseNs); }

void xev(std::string& o, const std::string& cat, const std::string& name, const std::string& pid, const std::string& tid,
         int64_t ts, int64_t dur, const std::string& args) {
    std::string esc;
    for (char c : name) {
        if (c == '"' || c == '\\') esc.push_back('\\');
        esc.push_back(c);
    }
    o += "  {\"ph\": \"X\", \"cat\": \"" + cat + "\", \"name\": \"" + esc + "\", \"pid\": " + pid + ", \"tid\": " + tid +
         ", \"ts\": " + rel(ts) + ", \"dur\": " + usText(dur) + (args.empty() ? "" : ", \"args\": " + args) + "},\n";
}

} // namespace

bool writeKinetoRank(const DemoPlan& plan, int rank, const std::string& outDir, std::string& error) {
    const auto& o = plan.options();
    std::error_code ec;
    fs::create_directories(outDir, ec);
    std::string path = (fs::path(outDir) / ("rank-" + std::to_string(rank) + ".Jan_09_12_08_03." +
                                            std::to_string(41000 + rank * 7) + ".pt.trace.json.gz"))
                           .string();
    TextSink out;
    if (!out.open(path, true, error)) return false;
    const int device = rank % 8;
    const std::string hostPid = std::to_string(41000 + rank * 7), hostTid = std::to_string(41000 + rank * 7);
    const std::string gpuPid = std::to_string(device);
    std::string& b = out.buffer();
    b += "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [{\"id\": " + std::to_string(device) +
         ", \"name\": \"NVIDIA A100-SXM4-80GB\", \"totalGlobalMem\": 85097971712, \"computeMajor\": 8, "
         "\"computeMinor\": 0, \"numSms\": 108}],\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": " +
         std::to_string(rank) + ", \"world_size\": " + std::to_string(o.ranks) +
         ", \"pg_count\": 1, \"nccl_version\": \"2.18.1\"},\n  \"record_shapes\": 1,\n  \"profile_memory\": 1,\n"
         "  \"traceEvents\": [\n";
    int64_t corr = 100000 + int64_t(rank) * 10000000;
    int64_t allocated = 0, reservedBytes = int64_t(30) << 30;
    std::vector<std::pair<int64_t, std::pair<uint64_t, int64_t>>> mem; // ts → (addr, ±bytes)
    forEachDemoTensor(plan, rank, -1, [&](const DemoTensor& t) { mem.push_back({t.allocNs, {t.addr, t.sizeBytes}}); });
    for (int s = 0; s < o.steps; ++s) {
        const StepPlan& sp = plan.step(s);
        int64_t stepNo = plan.stepNumber(s);
        xev(b, "user_annotation", "ProfilerStep#" + std::to_string(stepNo), hostPid, hostTid, sp.startNs,
            sp.endNs - sp.startNs, "{\"External id\": " + std::to_string(corr) + "}");
        int64_t launch = sp.startNs + 20000;
        for (auto& k : plan.kernels(rank, s)) {
            int64_t lts = std::min(launch, k.startNs - 5000);
            launch += 4000;
            std::string c = std::to_string(++corr);
            xev(b, "cuda_runtime", "cudaLaunchKernel", hostPid, hostTid, lts, 3000,
                "{\"External id\": " + c + ", \"cbid\": 211, \"correlation\": " + c + "}");
            b += "  {\"ph\": \"s\", \"id\": " + c + ", \"pid\": " + hostPid + ", \"tid\": " + hostTid + ", \"ts\": " +
                 rel(lts) + ", \"cat\": \"ac2g\", \"name\": \"ac2g\"},\n";
            xev(b, "kernel", kinetoKernelName(k.op->type), gpuPid, "7", k.startNs, k.durNs,
                "{\"External id\": " + c + ", \"device\": " + std::to_string(device) +
                    ", \"stream\": 7, \"correlation\": " + c + ", \"registers per thread\": 128, \"grid\": [108, 1, 1], "
                    "\"block\": [256, 1, 1]}");
            b += "  {\"ph\": \"f\", \"id\": " + c + ", \"pid\": " + gpuPid + ", \"tid\": 7, \"ts\": " + rel(k.startNs) +
                 ", \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"},\n";
            out.flushIfLargeKeeping(0);
        }
        std::string c = std::to_string(++corr);
        int64_t arr = sp.arrivalNs[size_t(rank)];
        xev(b, "cpu_op", "record_param_comms", hostPid, hostTid, std::max(sp.startNs, arr - 50000), 8000,
            "{\"Collective name\": \"allreduce\", \"In msg nelems\": 67108864, \"dtype\": \"Half\", \"Group size\": " +
                std::to_string(o.ranks) + ", \"Process Group Name\": \"0\"}");
        xev(b, "kernel", "ncclKernel_AllReduce_RING_LL_Sum_half(ncclDevComm*, unsigned long, ncclWork*)", gpuPid, "20", arr,
            sp.allReduceEndNs - arr,
            "{\"External id\": " + c + ", \"device\": " + std::to_string(device) +
                ", \"stream\": 20, \"correlation\": " + c + ", \"Collective name\": \"allreduce\"}");
        forEachDemoTensor(plan, rank, s, [&](const DemoTensor& t) {
            mem.push_back({t.allocNs, {t.addr, t.sizeBytes}});
            if (t.freeNs) mem.push_back({*t.freeNs, {t.addr, -t.sizeBytes}});
        });
        std::sort(mem.begin(), mem.end(), [](auto& a, auto& b2) {
            return a.first != b2.first ? a.first < b2.first : a.second.second < b2.second.second;
        });
        std::vector<std::pair<int64_t, std::pair<uint64_t, int64_t>>> later;
        for (auto& [ts, ev] : mem) {
            if (ts > sp.endNs) {
                later.push_back({ts, ev});
                continue;
            }
            allocated += ev.second;
            b += "  {\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"s\": \"t\", \"name\": \"[memory]\", \"pid\": " +
                 hostPid + ", \"tid\": " + hostTid + ", \"ts\": " + rel(ts) +
                 ", \"args\": {\"Device Type\": 1, \"Device Id\": " + std::to_string(device) +
                 ", \"Addr\": " + std::to_string(ev.first) + ", \"Bytes\": " + std::to_string(ev.second) +
                 ", \"Total Allocated\": " + std::to_string(allocated) + ", \"Total Reserved\": " +
                 std::to_string(reservedBytes) + "}},\n";
        }
        mem.swap(later);
        out.flushIfLargeKeeping(0);
    }
    // Metadata last, as Kineto writes it.
    auto m = [&](const char* what, const std::string& pid, const std::string& tid, const std::string& args) {
        b += "  {\"name\": \"" + std::string(what) + "\", \"ph\": \"M\", \"ts\": 0, \"pid\": " + pid + ", \"tid\": " + tid +
             ", \"args\": " + args + "},\n";
    };
    m("process_name", hostPid, "0", "{\"name\": \"python\"}");
    m("process_labels", hostPid, "0", "{\"labels\": \"CPU\"}");
    m("thread_name", hostPid, hostTid, "{\"name\": \"thread " + hostTid + " (python)\"}");
    m("process_name", gpuPid, "0", "{\"name\": \"python\"}");
    m("process_labels", gpuPid, "0", "{\"labels\": \"GPU " + gpuPid + "\"}");
    m("thread_name", gpuPid, "7", "{\"name\": \"stream 7 \"}");
    m("thread_name", gpuPid, "20", "{\"name\": \"stream 20 \"}");
    b += "  {\"name\": \"Record Window End\", \"ph\": \"i\", \"s\": \"g\", \"pid\": \"\", \"tid\": \"\", \"ts\": " +
         rel(plan.step(o.steps - 1).endNs + 1000) + "}\n  ],\n";
    b += "  \"traceName\": \"" + path + "\",\n  \"displayTimeUnit\": \"ms\",\n  \"baseTimeNanoseconds\": " +
         std::to_string(kBaseNs) + "\n}\n";
    if (!out.close()) {
        error = path + ": write failed (disk full?)";
        return false;
    }
    return true;
}

} // namespace rs::demo

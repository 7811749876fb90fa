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
               "at::detail::Array<char*, 2> >(int, at::native::CastFunctor<c10::Half, float>, "
               "at::detail::Array<char*, 2>)";
    return "void at::native::" + std::string(op) +
           "Kernel<c10::Half, float>(c10::Half const*, c10::Half*, long)";
}

namespace {

constexpr int64_t kBaseNs = int64_t(1736408883000000) * 1000; // baseTimeNanoseconds

std::string rel(int64_t ns) {
    return usText(ns - kBaseNs);
}

void xev(std::string& o, const std::string& cat, const std::string& name, const std::string& pid,
         const std::string& tid, int64_t ts, int64_t dur, const std::string& args) {
    std::string esc;
    for (char c : name) {
        if (c == '"' || c == '\\') esc.push_back('\\');
        esc.push_back(c);
    }
    o += "  {\"ph\": \"X\", \"cat\": \"" + cat + "\", \"name\": \"" + esc + "\", \"pid\": " + pid +
         ", \"tid\": " + tid + ", \"ts\": " + rel(ts) + ", \"dur\": " + usText(dur) +
         (args.empty() ? "" : ", \"args\": " + args) + "},\n";
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
    b +=
        "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [{\"id\": " + std::to_string(device) +
        ", \"name\": \"NVIDIA A100-SXM4-80GB\", \"totalGlobalMem\": 85097971712, \"computeMajor\": 8, "
        "\"computeMinor\": 0, \"numSms\": 108}],\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": " +
        std::to_string(rank) + ", \"world_size\": " + std::to_string(o.ranks) +
        ", \"pg_count\": 1, \"nccl_version\": \"2.18.1\"},\n  \"record_shapes\": 1,\n  \"profile_memory\": "
        "1,\n"
        "  \"traceEvents\": [\n";
    int64_t corr = 100000 + int64_t(rank) * 10000000;
    int64_t allocated = 0;
    const int64_t reservedBytes = int64_t(30) << 30;
    // Host events of one step, emitted in time order so every [memory] allocation sits inside the
    // host op that made it (as in real PyTorch traces). order breaks ties: spans open before instants.
    struct HostEv {
        int64_t ts;
        int order;
        std::string json;
        int64_t memDelta = 0;
        uint64_t addr = 0;
    };
    std::map<int, std::vector<std::pair<uint64_t, int64_t>>> laterFrees; // step index → (addr, bytes)
    auto memEvent = [&](int64_t ts, uint64_t addr, int64_t delta) { return HostEv{ts, 3, {}, delta, addr}; };
    auto cpuOpName = [](std::string_view op) -> std::string {
        if (op == "MatMulV2") return "aten::mm";
        if (op == "BatchMatMul") return "aten::bmm";
        if (op == "SoftmaxV2") return "aten::_softmax";
        if (op == "FastGelu") return "aten::gelu";
        if (op == "Cast") return "aten::to";
        if (op == "LayerNorm") return "aten::native_layer_norm";
        if (op == "AdamApplyOneWithDecay") return "aten::_fused_adamw_";
        return "aten::" + std::string(op);
    };
    for (int s = 0; s < o.steps; ++s) {
        const StepPlan& sp = plan.step(s);
        int64_t stepNo = plan.stepNumber(s);
        std::vector<HostEv> host;
        std::string hb;
        xev(hb, "user_annotation", "ProfilerStep#" + std::to_string(stepNo), hostPid, hostTid, sp.startNs,
            sp.endNs - sp.startNs, "{\"External id\": " + std::to_string(corr) + "}");
        host.push_back({sp.startNs, 0, std::move(hb)});
        if (s == 0) { // the model's parameters and optimizer state, allocated before the first step
            std::string e;
            xev(e, "cpu_op", "aten::empty_strided", hostPid, hostTid, sp.startNs - 1000000, 800000, "");
            host.push_back({sp.startNs - 1000000, 1, std::move(e)});
            forEachDemoTensor(plan, rank, -1, [&](const DemoTensor& t) {
                host.push_back(memEvent(sp.startNs - 900000, t.addr, t.sizeBytes));
            });
        }
        for (auto& [addr, bytes] : laterFrees[s])
            host.push_back(memEvent(sp.startNs + 5000, addr, -bytes));
        auto ks = plan.kernels(rank, s);
        std::vector<int64_t> launchTs(ks.size());
        int64_t launch = sp.startNs + 20000;
        for (size_t i = 0; i < ks.size(); ++i) {
            const auto& k = ks[i];
            int64_t lts = std::min(launch, k.startNs - 5000);
            launchTs[i] = lts;
            launch += 4000;
            std::string c = std::to_string(++corr);
            std::string e;
            xev(e, "cpu_op", cpuOpName(k.op->type), hostPid, hostTid, lts, 3500,
                "{\"External id\": " + c + "}");
            host.push_back({lts, 1, std::move(e)});
            e.clear();
            xev(e, "cuda_runtime", "cudaLaunchKernel", hostPid, hostTid, lts + 500, 2500,
                "{\"External id\": " + c + ", \"cbid\": 211, \"correlation\": " + c + "}");
            e += "  {\"ph\": \"s\", \"id\": " + c + ", \"pid\": " + hostPid + ", \"tid\": " + hostTid +
                 ", \"ts\": " + rel(lts + 500) + ", \"cat\": \"ac2g\", \"name\": \"ac2g\"},\n";
            host.push_back({lts + 500, 2, std::move(e)});
            xev(b, "kernel", kinetoKernelName(k.op->type), gpuPid, "7", k.startNs, k.durNs,
                "{\"External id\": " + c + ", \"device\": " + std::to_string(device) +
                    ", \"stream\": 7, \"correlation\": " + c +
                    ", \"registers per thread\": 128, \"grid\": [108, 1, 1], "
                    "\"block\": [256, 1, 1]}");
            b += "  {\"ph\": \"f\", \"id\": " + c + ", \"pid\": " + gpuPid +
                 ", \"tid\": 7, \"ts\": " + rel(k.startNs) +
                 ", \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"},\n";
            out.flushIfLargeKeeping(0);
        }
        std::string c = std::to_string(++corr);
        int64_t arr = sp.arrivalNs[size_t(rank)];
        int64_t commOp = std::max(sp.startNs + 10000, arr - 50000);
        // as PyTorch writes a collective: c10d::allreduce_, inside it record_param_comms with the call's
        // args, and the NCCL kernel repeating them (the same External id)
        std::string ranks;
        for (int r = 0; r < o.ranks; ++r)
            ranks += (r ? ", " : "") + std::to_string(r);
        const std::string collArgs =
            "\"Collective name\": \"allreduce\", \"In msg nelems\": 67108864, \"Out msg "
            "nelems\": 67108864, \"dtype\": \"Half\", \"Group size\": " +
            std::to_string(o.ranks) +
            ", \"Process Group Name\": \"0\", \"Process Group Description\": "
            "\"default_pg\", \"Process Group Ranks\": \"[" +
            ranks + "]\", \"In split size\": \"[]\", \"Out split size\": \"[]\"";
        std::string e;
        xev(e, "cpu_op", "c10d::allreduce_", hostPid, hostTid, commOp, 8000, "{" + collArgs + "}");
        host.push_back({commOp, 1, std::move(e)});
        e.clear();
        xev(e, "cpu_op", "record_param_comms", hostPid, hostTid, commOp + 500, 6000,
            "{\"External id\": " + c + ", " + collArgs +
                ", \"Global rank start\": 0, \"Global rank stride\": 1}");
        host.push_back({commOp + 500, 2, std::move(e)});
        xev(b, "kernel", "ncclKernel_AllReduce_RING_LL_Sum_half(ncclDevComm*, unsigned long, ncclWork*)",
            gpuPid, "20", arr, sp.allReduceEndNs - arr,
            "{\"External id\": " + c + ", \"device\": " + std::to_string(device) +
                ", \"stream\": 20, \"correlation\": " + c + ", " + collArgs + "}");
        // the step's tensors at host times: allocated inside the op that makes them
        forEachDemoTensor(plan, rank, s, [&](const DemoTensor& t) {
            int64_t at = t.producerKernel >= 0     ? launchTs[size_t(t.producerKernel)] + 200
                         : t.opName == "AllReduce" ? commOp + 200
                                                   : sp.startNs + 11000;
            if (t.opName == "KVCache") {
                std::string kv;
                xev(kv, "cpu_op", "kv_cache_update", hostPid, hostTid, sp.startNs + 10000, 5000, "");
                host.push_back({sp.startNs + 10000, 1, std::move(kv)});
            }
            host.push_back(memEvent(at, t.addr, t.sizeBytes));
            if (t.freeKernel >= 0)
                host.push_back(memEvent(launchTs[size_t(t.freeKernel)] + 300, t.addr, -t.sizeBytes));
            else if (t.opName == "AllReduce")
                host.push_back(memEvent(sp.allReduceEndNs + 10000, t.addr, -t.sizeBytes));
            else if (t.freeNs)
                laterFrees[s + 3].push_back({t.addr, t.sizeBytes});
        });
        std::stable_sort(host.begin(), host.end(), [](const HostEv& a, const HostEv& b2) {
            return a.ts != b2.ts ? a.ts < b2.ts : a.order < b2.order;
        });
        for (auto& h : host) {
            if (h.json.empty()) {
                allocated += h.memDelta;
                b += "  {\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"s\": \"t\", \"name\": "
                     "\"[memory]\", \"pid\": " +
                     hostPid + ", \"tid\": " + hostTid + ", \"ts\": " + rel(h.ts) +
                     ", \"args\": {\"Device Type\": 1, \"Device Id\": " + std::to_string(device) +
                     ", \"Addr\": " + std::to_string(h.addr) + ", \"Bytes\": " + std::to_string(h.memDelta) +
                     ", \"Total Allocated\": " + std::to_string(allocated) +
                     ", \"Total Reserved\": " + std::to_string(reservedBytes) + "}},\n";
            } else {
                b += h.json;
            }
        }
        out.flushIfLargeKeeping(0);
    }
    // Metadata last, as Kineto writes it.
    auto m = [&](const char* what, const std::string& pid, const std::string& tid, const std::string& args) {
        b += "  {\"name\": \"" + std::string(what) + "\", \"ph\": \"M\", \"ts\": 0, \"pid\": " + pid +
             ", \"tid\": " + tid + ", \"args\": " + args + "},\n";
    };
    m("process_name", hostPid, "0", "{\"name\": \"python\"}");
    m("process_labels", hostPid, "0", "{\"labels\": \"CPU\"}");
    m("thread_name", hostPid, hostTid, "{\"name\": \"thread " + hostTid + " (python)\"}");
    m("process_name", gpuPid, "0", "{\"name\": \"python\"}");
    m("process_labels", gpuPid, "0", "{\"labels\": \"GPU " + gpuPid + "\"}");
    m("thread_name", gpuPid, "7", "{\"name\": \"stream 7 \"}");
    m("thread_name", gpuPid, "20", "{\"name\": \"stream 20 \"}");
    b += "  {\"name\": \"Record Window End\", \"ph\": \"i\", \"s\": \"g\", \"pid\": \"\", \"tid\": \"\", "
         "\"ts\": " +
         rel(plan.step(o.steps - 1).endNs + 1000) + "}\n  ],\n";
    b += "  \"traceName\": \"" + path +
         "\",\n  \"displayTimeUnit\": \"ms\",\n  \"baseTimeNanoseconds\": " + std::to_string(kBaseNs) +
         "\n}\n";
    if (!out.close()) {
        error = path + ": write failed (disk full?)";
        return false;
    }
    return true;
}

} // namespace rs::demo

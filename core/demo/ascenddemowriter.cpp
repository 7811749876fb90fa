#include "core/demo/ascenddemowriter.h"

#include "core/demo/demomatrix.h"
#include "core/demo/demomemory.h"
#include "core/demo/textsink.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <map>
#include <vector>

namespace fs = std::filesystem;

namespace rs::demo {

namespace {

constexpr int64_t kHostPid = 1;
constexpr int64_t kDevPidBase = 3170820512LL;

struct Pids {
    int64_t hw, hccl, overlap, host;
    int64_t hostTid;
};

std::string msText(int64_t ns) { // ms with 9 decimals, as Ascend writes (e.g. 79.08952021875)
    char b[48];
    std::snprintf(b, sizeof b, "%" PRId64 ".%06" PRId64, ns / 1000000, ns % 1000000);
    return b;
}

std::string hexAddr(uint64_t a) {
    char b[32];
    std::snprintf(b, sizeof b, "0x%" PRIx64, a);
    return b;
}

void x(std::string& o, std::string_view name, int64_t pid, int64_t tid, int64_t ts, int64_t dur,
       std::string_view args = {}) {
    o += "{\"name\":\"";
    o += name;
    o += "\",\"pid\":";
    o += std::to_string(pid);
    o += ",\"tid\":";
    o += std::to_string(tid);
    o += ",\"ts\":\"";
    o += usText(ts);
    o += "\",\"dur\":";
    o += usText(dur);
    if (!args.empty()) {
        o += ",\"args\":";
        o += args;
    }
    o += ",\"ph\":\"X\"},\n";
}

void meta(std::string& o, const char* what, int64_t pid, int64_t tid, const std::string& argKey,
          const std::string& val, bool quoted = true) {
    o += "{\"name\":\"";
    o += what;
    o += "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) + ",\"args\":{\"" + argKey +
         "\":";
    o += quoted ? "\"" + val + "\"" : val;
    o += "},\"ph\":\"M\"},\n";
}

void writeMeta(std::string& o, const Pids& p) {
    meta(o, "process_name", p.host, 0, "name", "MindSpore");
    meta(o, "process_labels", p.host, 0, "labels", "CPU");
    meta(o, "process_sort_index", p.host, 0, "sort_index", "0", false);
    meta(o, "thread_name", p.host, p.hostTid, "name", "Thread " + std::to_string(p.hostTid));
    meta(o, "process_name", p.hw, 0, "name", "Ascend Hardware");
    meta(o, "process_labels", p.hw, 0, "labels", "NPU");
    meta(o, "process_sort_index", p.hw, 0, "sort_index", "13", false);
    meta(o, "thread_name", p.hw, 2, "name", "Stream 2");
    meta(o, "thread_sort_index", p.hw, 2, "sort_index", "2", false);
    meta(o, "process_name", p.hccl, 0, "name", "HCCL");
    meta(o, "process_labels", p.hccl, 0, "labels", "NPU");
    meta(o, "process_sort_index", p.hccl, 0, "sort_index", "15", false);
    meta(o, "thread_name", p.hccl, 0, "name", "Group 0 Communication");
    for (int k = 0; k < 4; ++k) {
        meta(o, "thread_name", p.hccl, k + 1, "name", "Plane " + std::to_string(k));
        meta(o, "thread_sort_index", p.hccl, k + 1, "sort_index", std::to_string(k + 1), false);
    }
    meta(o, "process_name", p.overlap, 0, "name", "Overlap Analysis");
    meta(o, "process_labels", p.overlap, 0, "labels", "NPU");
    const char* names[] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
    for (int k = 0; k < 4; ++k)
        meta(o, "thread_name", p.overlap, k, "name", names[k]);
}

struct CommTiming {
    int64_t start, end, wait, transit, sync;
};

} // namespace

bool writeAscendRank(const DemoPlan& plan, int rank, const std::string& outDir, std::string& error) {
    const auto& o = plan.options();
    char dirName[128];
    std::snprintf(dirName, sizeof dirName, "demo-node%d_%d_20250109120803%03d_ascend_ms", rank / 8,
                  41000 + rank * 7, rank);
    fs::path dir = fs::path(outDir) / dirName;
    fs::path out = dir / "ASCEND_PROFILER_OUTPUT";
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) {
        error = out.string() + ": cannot create: " + ec.message();
        return false;
    }
    Pids p{kDevPidBase + rank * 4096, kDevPidBase + rank * 4096 + 64, kDevPidBase + rank * 4096 + 320,
           kHostPid, 41000 + rank * 7};
    const int device = rank % 8;
    {
        TextSink info;
        if (!info.open((dir / ("profiler_info_" + std::to_string(rank) + ".json")).string(), false, error))
            return false;
        info << "{\"profiler_parameters\": {\"with_stack\": false, \"profile_memory\": true, "
                "\"data_simplification\": "
                "true, \"profiler_level\": \"Level1\", \"aic_metrics\": \"AiCoreNone\"},\n \"rank_id\": "
             << std::to_string(rank) << ",\n \"device_id\": " << std::to_string(device)
             << ",\n \"host_name\": \"demo-node" << std::to_string(rank / 8)
             << "\",\n \"ms_version\": \"2.4.1\"}\n";
        if (!info.close()) return (error = "write failed: profiler_info"), false;
        TextSink meta; // the groups: what maps communication_matrix.json's group-local ranks to global ones
        if (!meta.open((dir / "profiler_metadata.json").string(), false, error)) return false;
        meta << demoProfilerMetadata(plan, rank);
        if (!meta.close()) return (error = "write failed: profiler_metadata"), false;
    }
    TextSink tv, kd, stt, om, mr, mu, cj, cm;
    if (!tv.open((out / "trace_view.json").string(), false, error) ||
        !kd.open((out / "kernel_details.csv").string(), false, error) ||
        !stt.open((out / "step_trace_time.csv").string(), false, error) ||
        !om.open((out / "operator_memory.csv").string(), false, error) ||
        !mr.open((out / "memory_record.csv").string(), false, error) ||
        !mu.open((out / "memory_usage.csv").string(), false, error) ||
        !cj.open((out / "communication.json").string(), false, error) ||
        !cm.open((out / "communication_matrix.json").string(), false, error))
        return false;
    kd << "Step ID,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,Start "
          "Time(us),Duration(us),Wait "
          "Time(us),Block Dim,Mix Block Dim,HF32 Eligible,Input Shapes,Input Data Types,Input Formats,Output "
          "Shapes,Output Data Types,Output Formats,Context ID,aicore_time(us),aic_total_cycles\r\n";
    stt << "Step,Computing,Communication(Not "
           "Overlapped),Overlapped,Communication,Free,Stage,Bubble,Communication(Not "
           "Overlapped and Exclude Receive),Preparing\r\n";
    om << "Name,Size(KB),Allocation Time(us),Release Time(us),Active Release Time(us),Duration(us),Active "
          "Duration(us),Allocation Total Allocated(MB),Allocation Total Reserved(MB),Allocation Total "
          "Active(MB),Release "
          "Total Allocated(MB),Release Total Reserved(MB),Release Total Active(MB),Stream Ptr,Device "
          "Type\r\n";
    mr << "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total Active(MB),Stream Ptr,Device "
          "Type\r\n";
    mu << "op_name,tensor_id,size_bytes,alloc_time,free_time,device_id,addr\n";
    cj << "{";
    cm << "{";
    const std::string group = demoGroupHash();

    std::string& t = tv.buffer();
    t += "[\n";
    writeMeta(t, p);
    uint64_t flowId = 1736408883840600069ULL + uint64_t(rank) * 1000000000ULL;
    int64_t taskId = 1000;
    int64_t allocated = 0;
    const int64_t reserved = int64_t(30) << 30;
    const double mib = 1048576.0;
    auto mbText = [&](int64_t bytes) {
        char b[40];
        std::snprintf(b, sizeof b, "%.6f", double(bytes) / mib);
        return std::string(b);
    };
    std::string devType = "NPU:" + std::to_string(device);
    // memory events in time order per step: (ts, +size/-size)
    auto writeTensor = [&](const DemoTensor& tn) {
        std::string& m = mu.buffer();
        char b[64];
        m += tn.opName + "," + tn.id + "," + std::to_string(tn.sizeBytes) + ",";
        std::snprintf(b, sizeof b, "%.4f", demoStepPosition(plan, tn.allocNs));
        m += b;
        m += ",";
        if (tn.freeNs) {
            std::snprintf(b, sizeof b, "%.4f", demoStepPosition(plan, *tn.freeNs));
            m += b;
        }
        m += "," + std::to_string(device) + "," + hexAddr(tn.addr) + "\n";
        mu.flushIfLarge();
        std::string& q = om.buffer();
        std::snprintf(b, sizeof b, "%.3f", double(tn.sizeBytes) / 1024.0);
        q += tn.opName + "," + b + "," + usText(tn.allocNs) + "\t,";
        if (tn.freeNs) {
            q += usText(*tn.freeNs) + "\t," + usText(*tn.freeNs) + "\t," + usText(*tn.freeNs - tn.allocNs) +
                 "," + usText(*tn.freeNs - tn.allocNs) + ",";
        } else {
            q += ",,,,";
        }
        q += mbText(allocated) + "," + mbText(reserved) + "," + mbText(allocated) + ",,,,187651095680," +
             devType + "\r\n";
        om.flushIfLarge();
    };
    std::vector<std::pair<int64_t, int64_t>> memEvents;
    forEachDemoTensor(plan, rank, -1, [&](const DemoTensor& tn) {
        writeTensor(tn);
        memEvents.push_back({tn.allocNs, tn.sizeBytes});
    });
    bool firstStepJson = true;
    for (int s = 0; s < o.steps; ++s) {
        const StepPlan& sp = plan.step(s);
        int64_t stepNo = plan.stepNumber(s);
        auto ks = plan.kernels(rank, s);
        // host: ProfilerStep and one launch per kernel, far ahead of the device
        x(t, "ProfilerStep#" + std::to_string(stepNo), p.host, p.hostTid, sp.startNs, sp.endNs - sp.startNs);
        int64_t launch = sp.startNs + 20000;
        int64_t computeStart = ks.empty() ? sp.startNs : ks.front().startNs;
        for (auto& k : ks) {
            int64_t lts = std::min(launch, k.startNs - 5000);
            launch += 4000;
            x(t, std::string("KernelLaunch::") + k.op->type, p.host, p.hostTid, lts, 3000);
            t += "{\"ph\":\"s\",\"bp\":\"e\",\"name\":\"mindspore_to_npu\",\"id\":" + std::to_string(flowId) +
                 ",\"pid\":" + std::to_string(p.host) + ",\"tid\":" + std::to_string(p.hostTid) +
                 ",\"ts\":\"" + usText(lts) + "\",\"cat\":\"async_npu\"},\n";
            t += "{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"mindspore_to_npu\",\"id\":" + std::to_string(flowId) +
                 ",\"pid\":" + std::to_string(p.hw) + ",\"tid\":2,\"ts\":\"" + usText(k.startNs) +
                 "\",\"cat\":\"async_npu\"},\n";
            ++flowId;
            char args[200];
            std::snprintf(
                args, sizeof args,
                "{\"Model Id\":4294967295,\"Task Type\":\"%s\",\"Physic Stream Id\":2,\"Task Id\":%" PRId64
                ",\"Batch Id\":0,\"Subtask Id\":4294967295}",
                std::string_view(k.op->type).find("MatMul") != std::string_view::npos ? "AI_CORE"
                                                                                      : "AI_VECTOR_CORE",
                taskId);
            x(t, k.name, p.hw, 2, k.startNs, k.durNs, args);
            bool cube = std::string_view(k.op->type).find("MatMul") != std::string_view::npos;
            kd << std::to_string(stepNo) << ",4294967295," << std::to_string(taskId++) << ",2," << k.name
               << "," << k.op->type << ",dynamic," << (cube ? "AI_CORE" : "AI_VECTOR_CORE") << ","
               << usText(k.startNs) << "\t," << usText(k.durNs) << ",1.0," << (cube ? "24" : "48")
               << ",0,NO,\"\"\"" << k.inputShapes << "\"\"\","
               << (k.inputShapes.find(';') != std::string::npos ? "FLOAT16;FLOAT16" : "FLOAT16")
               << ",ND,\"\"\"" << k.inputShapes.substr(0, k.inputShapes.find(';')) << "\"\"\",FLOAT16,ND,N/A,"
               << usText(k.durNs) << "," << std::to_string(k.durNs * 18 / 10) << "\r\n";
            tv.flushIfLargeKeeping(2);
        }
        int64_t computeEnd = sp.computeEndNs[size_t(rank)];
        // HCCL: the big op, then plane 0's handshake Notify_Wait (this rank's wait for its peers) and four
        // chunks of Memcpy / Reduce_Inline / Notify_Wait. Other planes carry their own (larger) waits,
        // which is why only the lowest plane measures the op's wait.
        CommTiming c;
        c.start = sp.arrivalNs[size_t(rank)];
        c.end = sp.allReduceEndNs;
        int64_t peerWait = sp.maxArrivalNs - c.start;
        c.sync = peerWait + 3000;
        int64_t chunk = (c.end - (c.start + c.sync)) / 4;
        int64_t mc = (chunk - 1000) / 2, rd = chunk - 1000 - mc;
        std::string opName =
            "hcom_allReduce__" + group.substr(group.size() - 3) + "_" + std::to_string(stepNo) + "_1";
        char bigArgs[200];
        std::snprintf(bigArgs, sizeof bigArgs,
                      "{\"connection_id\":%" PRId64
                      ",\"model id\":4294967295,\"data_type\":\"FP16\",\"alg_type\":"
                      "\"MESH-RING\",\"count\":67108864}",
                      int64_t(5046586572799) + stepNo);
        x(t, opName, p.hccl, 0, c.start, c.end - c.start, bigArgs);
        kd << std::to_string(stepNo) << ",4294967295," << std::to_string(taskId++) << ",7," << opName
           << ",hcom_allReduce_,static,HCCL," << usText(c.start) << "\t," << usText(c.end - c.start)
           << ",0,0,0,NO,\"\",N/A,N/A,\"\",N/A,N/A,N/A,N/A,N/A\r\n";
        c.wait = 0;
        c.transit = 0;
        for (int plane = 0; plane < 4; ++plane) {
            int64_t tt = c.start;
            int64_t handshake = plane == 0 ? c.sync : c.sync / 2 + 2000;
            auto small = [&](const char* nm, int64_t ts, int64_t d) {
                char a[320];
                std::snprintf(
                    a, sizeof a,
                    "{\"notify_id\":\"%d\",\"stream id\":7,\"task id\":%" PRId64
                    ",\"task type\":\"%s\",\"src rank\":%d,\"dst rank\":%d,\"transport type\":\"SDMA\","
                    "\"size(Byte)\":%d}",
                    plane, taskId++, nm, rank, (rank + 1) % o.ranks,
                    std::string_view(nm) == "Memcpy" ? 8388608 : 0);
                x(t, nm, p.hccl, plane + 1, ts, d, a);
            };
            small("Notify_Wait", tt, handshake);
            if (plane == 0) c.wait += handshake;
            tt += c.sync;
            for (int k = 0; k < 4; ++k) {
                small("Memcpy", tt, mc);
                small("Reduce_Inline", tt + mc, rd);
                small("Notify_Wait", tt + mc + rd, 1000);
                if (plane == 0) {
                    c.wait += 1000;
                    c.transit += mc + rd;
                }
                tt += chunk;
            }
        }
        // Overlap Analysis: one computing block, the AllReduce, and the free gaps around them.
        x(t, "Computing", p.overlap, 0, computeStart, computeEnd - computeStart);
        x(t, "Communication", p.overlap, 1, c.start, c.end - c.start);
        x(t, "Communication(Not Overlapped)", p.overlap, 2, c.start, c.end - c.start);
        if (computeStart > sp.startNs) x(t, "Free", p.overlap, 3, sp.startNs, computeStart - sp.startNs);
        if (c.start > computeEnd) x(t, "Free", p.overlap, 3, computeEnd, c.start - computeEnd);
        int64_t computing = 0;
        for (auto& k : ks)
            computing += k.durNs;
        int64_t comm = c.end - c.start;
        int64_t wall = sp.endNs - sp.startNs;
        int64_t freeNs = wall - computing - comm;
        stt << std::to_string(stepNo) << "," << usText(computing) << "," << usText(comm) << ",0,"
            << usText(comm) << "," << usText(freeNs) << "," << usText(wall) << ",0," << usText(comm) << ","
            << usText(computeStart - sp.startNs) << "\r\n";
        // communication.json: durations in ms, start in µs; its bandwidth info sums the matrix's HCCS links
        int64_t hcclBytes = 0, hcclNs = 0;
        for (int peer = 0; peer < o.ranks; ++peer)
            if (peer != rank) {
                hcclBytes += demoLinkBytes(plan);
                hcclNs += demoLinkTimeNs(plan, rank, peer, s, c.transit);
            }
        const std::string hccs =
            "{\"Transit Size(MB)\":" + msText(hcclBytes) + ",\"Transit Time(ms)\":" + msText(hcclNs) +
            ",\"Bandwidth(GB/s)\":" + std::to_string(hcclNs > 0 ? double(hcclBytes) / double(hcclNs) : 0.0) +
            ",\"Large Packet Ratio\":1.0,\"Size Distribution\":{}}";
        std::string& cjb = cj.buffer();
        if (!firstStepJson) cjb += ",";
        if (!firstStepJson) cm << ",\n";
        cm << demoMatrixStep(plan, rank, s, c.transit);
        firstStepJson = false;
        int64_t elapse = c.end - c.start;
        cjb += "\"step" + std::to_string(stepNo) + "\":{\"p2p\":{},\"collective\":{\"" + opName + "@" +
               group + "\":{\"Communication Time Info\":{\"Start Timestamp(us)\":" + usText(c.start) +
               ",\"Elapse Time(ms)\":" + msText(elapse) + ",\"Transit Time(ms)\":" + msText(c.transit) +
               ",\"Wait Time(ms)\":" + msText(c.wait) + ",\"Synchronization Time(ms)\":" + msText(c.sync) +
               ",\"Idle Time(ms)\":" + msText(elapse - c.transit - c.wait) +
               "},\"Communication Bandwidth Info\":{\"HCCS\":" + hccs + ",\"SDMA\":" + hccs + "}}}}";
        // memory
        forEachDemoTensor(plan, rank, s, [&](const DemoTensor& tn) {
            writeTensor(tn);
            memEvents.push_back({tn.allocNs, tn.sizeBytes});
            if (tn.freeNs) memEvents.push_back({*tn.freeNs, -tn.sizeBytes});
        });
        std::sort(memEvents.begin(), memEvents.end());
        // Flush the curve up to the end of this step; later events (a cache freed in 3 steps) wait.
        std::vector<std::pair<int64_t, int64_t>> later;
        mr << "APP," << usText(sp.startNs) << "\t,," << mbText(reserved + (int64_t(2) << 30)) << ",,,"
           << devType << "\r\n";
        for (auto& [ts, d] : memEvents) {
            if (ts > sp.endNs) {
                later.push_back({ts, d});
                continue;
            }
            allocated += d;
            mr << "PTA," << usText(ts) << "\t," << mbText(allocated) << "," << mbText(reserved) << ","
               << mbText(allocated) << ",187651095680," << devType << "\r\n";
        }
        memEvents.swap(later);
        (void)computing;
    }
    // trailing comma and no closing bracket would be legal; write a proper end
    if (t.size() >= 2 && t.compare(t.size() - 2, 2, ",\n") == 0) t.resize(t.size() - 2);
    t += "\n]\n";
    cj << "}\n";
    cm << "}\n";
    bool ok = tv.close() && kd.close() && stt.close() && om.close() && mr.close() && mu.close() &&
              cj.close() && cm.close();
    if (!ok) error = dir.string() + ": write failed (disk full?)";
    return ok;
}

} // namespace rs::demo

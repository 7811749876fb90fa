// libFuzzer target: every CSV importer (kernel_details, step_trace_time, the memory files, the MindSpore
// legacy step/framework/hccl/aicpu_intermediate files): header lookup, number parsing, shapes. The first
// byte picks the kind.
#include "tests/fuzz/fuzzimport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    using rs::import::FileKind;
    static const std::pair<FileKind, const char*> kinds[] = {
        {FileKind::KernelDetails, "kernel_details.csv"},
        {FileKind::StepTraceTime, "step_trace_time.csv"},
        {FileKind::OperatorMemory, "operator_memory.csv"},
        {FileKind::MemoryRecord, "memory_record.csv"},
        {FileKind::NpuModuleMem, "npu_module_mem.csv"},
        {FileKind::MemoryUsage, "memory_usage.csv"},
        {FileKind::LegacyStepTrace, "step_trace_raw_0_detail_time.csv"},
        {FileKind::LegacyFramework, "framework_raw_0.csv"},
        {FileKind::LegacyHccl, "hccl_raw_0.csv"},
        {FileKind::LegacyAicpu, "aicpu_intermediate_0.csv"}};
    const auto& [kind, name] = kinds[data[0] % (sizeof kinds / sizeof kinds[0])];
    rs::fuzz::importOne(kind, name, data + 1, size - 1);
    return 0;
}

#include "core/model/optype.h"

#include "core/model/cxxkernelname.h"
#include "core/model/mangledname.h"
#include "core/model/utf8.h"

#include <cctype>

namespace rs::model {

namespace {

/// Longer op types are cut: the longest whole kernel name in the real samples, a cuDNN
/// "sm80_xmma_…_execute_split_k_kernel_cudnn_train", is 162 bytes and stays whole.
constexpr size_t kMaxOpTypeBytes = 192;

std::string bounded(std::string_view t) {
    if (t.size() <= kMaxOpTypeBytes) return std::string(t);
    size_t cut = t.rfind('_', kMaxOpTypeBytes); // at a word of the name when there is one
    if (cut == std::string_view::npos || cut < kMaxOpTypeBytes / 2) cut = kMaxOpTypeBytes;
    return utf8Excerpt(t, cut);
}

/// ROCm Tensile GEMM kernels name every tuning parameter ("Cijk_Alik_Bljk_SB_Bias_…_MT64x16x32_MI16x16x1_SN_
/// LDSB0_…", 370 bytes): the family is the problem type up to the macro tile and its matrix instruction.
std::string_view tensileFamily(std::string_view n) {
    const size_t mt = n.find("_MT");
    if (mt == std::string_view::npos) return n;
    size_t end = n.find('_', mt + 3);
    if (end != std::string_view::npos && n.substr(end + 1, 2) == "MI") end = n.find('_', end + 1);
    return n.substr(0, end);
}

std::string nameOpType(std::string_view n) {
    if (n.rfind("Cijk_", 0) == 0) return std::string(tensileFamily(n)); // its "_WG64_4_1" is no instance
    size_t slash = n.rfind('/');
    if (slash != std::string_view::npos && slash + 1 < n.size()) n = n.substr(slash + 1);
    size_t op = n.find("-op");
    if (op != std::string_view::npos && op > 0) return std::string(n.substr(0, op));
    // strip a trailing _<digits> instance suffix
    size_t e = n.size();
    while (e > 0 && std::isdigit(static_cast<unsigned char>(n[e - 1])))
        --e;
    if (e < n.size() && e > 1 && n[e - 1] == '_') return std::string(n.substr(0, e - 1));
    return std::string(n);
}

/// CUDA's copies and fills name their kind and the memories involved ("Memcpy HtoD (Pinned -> Device)"):
/// a pinned and a pageable copy are different mechanisms an order of magnitude apart in bandwidth, so the
/// whole name is the op type.
bool isCopyOrFill(std::string_view n) {
    return n.rfind("Memcpy ", 0) == 0 || n.rfind("Memset ", 0) == 0 || n == "Memcpy" || n == "Memset";
}

std::string wholeName(std::string_view n) {
    while (!n.empty() && n.back() == ' ')
        n.remove_suffix(1);
    return std::string(n);
}

} // namespace

std::string deriveOpType(std::string_view n) {
    if (n.rfind("hcom_", 0) == 0) {
        size_t k = n.find("__");
        if (k != std::string_view::npos) return bounded(n.substr(0, k + 1));
        return bounded(n);
    }
    if (isCopyOrFill(n)) return bounded(wholeName(n));
    if (const std::string d = demangledName(n); !d.empty()) {
        const std::string t = cxxKernelOpType(d);
        return bounded(t.empty() ? n : t);
    }
    if (n.rfind("void ", 0) == 0 || n.find('(') != std::string_view::npos) {
        const std::string t = cxxKernelOpType(n);
        // nothing named before the parameter list: the whole name, never an empty op type
        return bounded(t.empty() ? wholeName(n) : t);
    }
    return bounded(nameOpType(n));
}

} // namespace rs::model

#include "core/model/cxxkernelname.h"

#include <cctype>
#include <vector>

namespace rs::model {

namespace {

/// A launcher template whose identity is its template argument `arg`: a `keep` launcher stays in the op
/// type around that argument's name (PyTorch's launch path tells contiguous from strided work), the
/// others are replaced by it (a bare wrapper says nothing of what it runs).
struct Launcher {
    std::string_view name;
    size_t arg;
    bool keep;
};

constexpr Launcher kLaunchers[] = {
    // CUTLASS's kernel entry points: 2.x Kernel and Kernel2, 3.x device_kernel
    {"Kernel", 0, false},
    {"Kernel2", 0, false},
    {"device_kernel", 0, false},
    // PyTorch's TensorIterator launchers (ATen/native/cuda/CUDALoops.cuh, Loops.cuh, Reduce.cuh)
    {"vectorized_elementwise_kernel", 1, true},
    {"unrolled_elementwise_kernel", 0, true},
    {"elementwise_kernel", 2, true},
    {"reduce_kernel", 2, true},
    {"_scatter_gather_elementwise_kernel", 2, true}, // ScatterGatherKernel.cu: the reduction it applies
    // and the functor wrappers they are given
    {"gpu_kernel_impl", 0, false},
    {"gpu_kernel_impl_nocast", 0, false},
    {"BinaryFunctor", 3, false},
    {"AUnaryFunctor", 3, false},
    {"BUnaryFunctor", 3, false},
    {"ReduceOp", 1, false},
    {"func_wrapper_t", 1, false},
};

// A template argument that is a fundamental type names nothing ("Kernel<float>" stays "Kernel").
constexpr std::string_view kFundamental[] = {"void", "bool",  "char",   "short",  "int",
                                             "long", "float", "double", "signed", "unsigned"};

constexpr int kMaxNesting = 16; // launchers in launchers: 4 deep in PyTorch's reductions

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    return s;
}

/// `s` split at `sep` outside brackets (<>, (), {}, []); false when the brackets do not balance.
bool splitOutside(std::string_view s, std::string_view sep, std::vector<std::string_view>& out) {
    int depth = 0;
    size_t from = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '-' && i + 1 < s.size() && s[i + 1] == '>') { // "Memcpy HtoD (Pinned -> Device)"
            ++i;
        } else if (c == '<' || c == '(' || c == '{' || c == '[') {
            ++depth;
        } else if (c == '>' || c == ')' || c == '}' || c == ']') {
            if (--depth < 0) return false;
        } else if (depth == 0 && s.substr(i, sep.size()) == sep) {
            out.push_back(s.substr(from, i - from));
            i += sep.size() - 1;
            from = i + 1;
        }
    }
    out.push_back(s.substr(from));
    return depth == 0;
}

/// One scope component: its identifier ("f" of "void f<int>(int) const") and the text inside its
/// template brackets. No identifier for lambdas, operator(), "(anonymous namespace)", numbers and casts.
struct Component {
    std::string_view identifier, templateArgs;
};

Component componentOf(std::string_view c) {
    c = trimmed(c);
    const size_t open = c.find_first_of("<(");
    std::string_view head = trimmed(c.substr(0, open));
    if (const size_t space = head.rfind(' '); space != std::string_view::npos) // a return type
        head = head.substr(space + 1);
    const bool named = !head.empty() &&
                       (std::isalpha(static_cast<unsigned char>(head[0])) || head[0] == '_') &&
                       head.rfind("operator", 0) != 0;
    if (!named) return {};
    Component out{head, {}};
    if (open != std::string_view::npos && c[open] == '<' && c.size() > open + 1) {
        int depth = 0;
        for (size_t i = open; i < c.size(); ++i) {
            if (c[i] == '<') ++depth;
            if (c[i] == '>' && --depth == 0) {
                out.templateArgs = c.substr(open + 1, i - open - 1);
                break;
            }
        }
    }
    return out;
}

std::string nameOf(std::string_view expr, int nesting);

/// The name of template argument `arg` of `templateArgs`; empty when it names nothing or a fundamental type.
std::string argumentName(std::string_view templateArgs, size_t arg, int nesting) {
    std::vector<std::string_view> args;
    if (!splitOutside(templateArgs, ",", args) || arg >= args.size()) return {};
    const std::string inner = nameOf(trimmed(args[arg]), nesting + 1);
    for (std::string_view f : kFundamental)
        if (inner == f) return {};
    return inner;
}

/// A call operator template's functor: "operator()<at::native::ReduceAdd>(…)" → "ReduceAdd" (PyTorch's
/// scatter/gather kernels are lambdas in such an operator, and the functor is the op they run); empty for
/// any other component.
std::string callOperatorFunctor(std::string_view component, int nesting) {
    component = trimmed(component);
    constexpr std::string_view kCall = "operator()<";
    if (component.rfind(kCall, 0) != 0) return {};
    int depth = 0;
    for (size_t i = kCall.size() - 1; i < component.size(); ++i) {
        if (component[i] == '<') ++depth;
        if (component[i] == '>' && --depth == 0)
            return argumentName(component.substr(kCall.size(), i - kCall.size()), 0, nesting);
    }
    return {};
}

/// The meaningful name of a scoped expression: its last named component (a lambda names the function
/// it is in, operator() its class, a call operator template its functor), looked through launchers.
std::string nameOf(std::string_view expr, int nesting) {
    std::vector<std::string_view> scopes;
    if (nesting > kMaxNesting || !splitOutside(expr, "::", scopes)) return {};
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
        if (std::string functor = callOperatorFunctor(*it, nesting); !functor.empty()) return functor;
        const Component c = componentOf(*it);
        if (c.identifier.empty()) continue;
        for (const Launcher& l : kLaunchers) {
            if (l.name != c.identifier) continue;
            const std::string inner = argumentName(c.templateArgs, l.arg, nesting);
            if (inner.empty()) break;
            if (!l.keep) return inner;
            return std::string(c.identifier) + '<' + inner + '>';
        }
        if (c.identifier == "kernel" && it + 1 != scopes.rend()) // cuBLAS's internal::gemvx::kernel<…>
            if (const Component scope = componentOf(*(it + 1)); !scope.identifier.empty())
                return std::string(scope.identifier) + "::kernel";
        return std::string(c.identifier);
    }
    return {};
}

} // namespace

std::string cxxKernelOpType(std::string_view signature) {
    return nameOf(signature, 0);
}

} // namespace rs::model

// Reads Clang's kernel_arg_* metadata and work-group attributes into plain KernelInfo data.
#include "compiler/KernelInfo.h"

#include "compiler/Codegen.h"

#include <llvm/ADT/STLExtras.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>

namespace weft::compiler {
namespace {

std::string stringAt(const llvm::Function &F, const char *Kind, unsigned I) {
  if (auto *N = F.getMetadata(Kind))
    if (I < N->getNumOperands())
      if (auto *S = llvm::dyn_cast_or_null<llvm::MDString>(N->getOperand(I)))
        return S->getString().str();
  return {};
}

uint64_t intAt(const llvm::MDNode *N, unsigned I) {
  if (N && I < N->getNumOperands())
    if (auto *C = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(N->getOperand(I)))
      return C->getZExtValue();
  return 0;
}

/// "float4", "uint", "ulong3"... for Clang's vec_type_hint metadata: !{<N x T> undef, i32 signed}.
std::string vecTypeHint(const llvm::MDNode *N) {
  auto *Hint = llvm::mdconst::dyn_extract_or_null<llvm::Constant>(N->getOperand(0));
  if (!Hint)
    return {};
  llvm::Type *T = Hint->getType();
  unsigned Count = 1;
  if (auto *V = llvm::dyn_cast<llvm::FixedVectorType>(T)) {
    Count = V->getNumElements();
    T = V->getElementType();
  }
  std::string Name;
  if (T->isHalfTy())
    Name = "half";
  else if (T->isFloatTy())
    Name = "float";
  else if (T->isDoubleTy())
    Name = "double";
  else if (T->isIntegerTy()) {
    switch (T->getIntegerBitWidth()) {
    case 8: Name = "char"; break;
    case 16: Name = "short"; break;
    case 32: Name = "int"; break;
    case 64: Name = "long"; break;
    default: return {};
    }
    if (intAt(N, 1) == 0)
      Name = "u" + Name;
  } else {
    return {};
  }
  return Count == 1 ? Name : Name + std::to_string(Count);
}

/// Whether TypeName (kernel_arg_base_type, or kernel_arg_type) names an image type Weft offers.
bool isImageType(llvm::StringRef TypeName) {
  static const llvm::StringRef Images[] = {"image1d_t",       "image1d_buffer_t", "image1d_array_t",
                                           "image2d_t",       "image2d_array_t",  "image3d_t",
                                           "image2d_depth_t", "image2d_array_depth_t"};
  return llvm::is_contained(Images, TypeName);
}

} // namespace

std::vector<KernelInfo> collectKernels(const llvm::Module &M) {
  std::vector<KernelInfo> Kernels;
  for (const llvm::Function &F : M) {
    if (F.isDeclaration() || F.getCallingConv() != llvm::CallingConv::SPIR_KERNEL)
      continue;
    KernelInfo K;
    K.Name = F.getName().str();
    const llvm::MDNode *Spaces = F.getMetadata("kernel_arg_addr_space");
    for (unsigned I = 0; I < F.arg_size(); ++I) {
      KernelArg A;
      switch (intAt(Spaces, I)) { // SPIR numbering
      case 1:
        A.Space = KernelArg::AddressSpace::Global;
        break;
      case 2:
        A.Space = KernelArg::AddressSpace::Constant;
        break;
      case 3:
        A.Space = KernelArg::AddressSpace::Local;
        break;
      default:
        A.Space = KernelArg::AddressSpace::Private;
      }
      A.AccessQualifier = stringAt(F, "kernel_arg_access_qual", I);
      A.TypeName = stringAt(F, "kernel_arg_type", I);
      A.TypeQualifiers = stringAt(F, "kernel_arg_type_qual", I);
      A.Name = stringAt(F, "kernel_arg_name", I);
      // Images and samplers are pointers in IR (`ptr addrspace(1)` to the image's WeftImage, a
      // `ptr addrspace(2)` holding the sampler's bits: contracts/ImageAbi.h), each an 8-byte slot
      // in the argument buffer, but not pointer arguments. The base type sees through typedefs.
      std::string Base = stringAt(F, "kernel_arg_base_type", I);
      if (Base.empty())
        Base = A.TypeName;
      const llvm::Type *T = F.getArg(I)->getType();
      A.IsImage = T->isPointerTy() && isImageType(Base);
      A.IsSampler = T->isPointerTy() && Base == "sampler_t";
      if (A.IsImage)
        A.Space = KernelArg::AddressSpace::Global;
      // A struct passed by value is a byval pointer in IR, but not a memory object argument.
      A.IsPointer = T->isPointerTy() && !F.getArg(I)->hasByValAttr() && !A.IsImage && !A.IsSampler;
      K.Args.push_back(std::move(A));
    }
    auto Dims = [&](const char *Kind) {
      const llvm::MDNode *N = F.getMetadata(Kind);
      return std::array<uint64_t, 3>{intAt(N, 0), intAt(N, 1), intAt(N, 2)};
    };
    K.RequiredWorkGroupSize = Dims("reqd_work_group_size");
    auto Attr = [&](const char *Name, std::array<uint64_t, 3> D) {
      if (D[0] == 0)
        return;
      if (!K.Attributes.empty())
        K.Attributes += ' ';
      K.Attributes += std::string(Name) + "(" + std::to_string(D[0]) + "," + std::to_string(D[1]) +
                      "," + std::to_string(D[2]) + ")";
    };
    Attr("reqd_work_group_size", K.RequiredWorkGroupSize);
    Attr("work_group_size_hint", Dims("work_group_size_hint"));
    if (const llvm::MDNode *Hint = F.getMetadata("vec_type_hint")) {
      std::string Type = vecTypeHint(Hint);
      if (!Type.empty())
        K.Attributes += (K.Attributes.empty() ? "" : " ") + ("vec_type_hint(" + Type + ")");
    }
    // Clang: "true" for OpenCL C 1.x and under -cl-uniform-work-group-size, "false" otherwise.
    K.UniformWorkGroupSize =
        F.getFnAttribute("uniform-work-group-size").getValueAsString() != "false";
    K.RequiredSubGroupSize = uint32_t(intAt(F.getMetadata("intel_reqd_sub_group_size"), 0));
    K.SubGroupSize = K.RequiredSubGroupSize ? K.RequiredSubGroupSize : defaultSubGroupSize();
    Kernels.push_back(std::move(K));
  }
  return Kernels;
}

} // namespace weft::compiler

// Helpers for tests that reach Weft through the ICD loader: finding the platform and reading info.
#pragma once

#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace weft::test {

inline std::vector<cl_platform_id> allPlatforms() {
  cl_uint N = 0;
  if (clGetPlatformIDs(0, nullptr, &N) != CL_SUCCESS)
    return {};
  std::vector<cl_platform_id> P(N);
  clGetPlatformIDs(N, P.data(), nullptr);
  return P;
}

inline std::string platformString(cl_platform_id P, cl_platform_info Q) {
  size_t Size = 0;
  if (clGetPlatformInfo(P, Q, 0, nullptr, &Size) != CL_SUCCESS || Size == 0)
    return {};
  std::string S(Size, '\0');
  clGetPlatformInfo(P, Q, Size, S.data(), nullptr);
  S.pop_back(); // the NUL
  return S;
}

inline std::string deviceString(cl_device_id D, cl_device_info Q) {
  size_t Size = 0;
  if (clGetDeviceInfo(D, Q, 0, nullptr, &Size) != CL_SUCCESS || Size == 0)
    return {};
  std::string S(Size, '\0');
  clGetDeviceInfo(D, Q, Size, S.data(), nullptr);
  S.pop_back();
  return S;
}

template <class T> T deviceValue(cl_device_id D, cl_device_info Q) {
  T V{};
  size_t Size = 0;
  EXPECT_EQ(clGetDeviceInfo(D, Q, sizeof V, &V, &Size), CL_SUCCESS) << "query " << std::hex << Q;
  EXPECT_EQ(Size, sizeof V) << "query " << std::hex << Q;
  return V;
}

/// The platform named "Weft" among those the loader found, or null.
inline cl_platform_id findWeft() {
  for (cl_platform_id P : allPlatforms())
    if (platformString(P, CL_PLATFORM_NAME) == "Weft")
      return P;
  return nullptr;
}

/// Fixture: Weft's platform and its first device.
class WeftTest : public ::testing::Test {
protected:
  void SetUp() override {
    Platform = findWeft();
    ASSERT_NE(Platform, nullptr) << "the loader did not find Weft (OCL_ICD_VENDORS?)";
    ASSERT_EQ(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, nullptr), CL_SUCCESS);
  }
  cl_platform_id Platform = nullptr;
  cl_device_id Device = nullptr;
};

/// The binary of P for its one device (CL_PROGRAM_BINARIES).
inline std::vector<unsigned char> binaryOf(cl_program P) {
  size_t Size = 0;
  EXPECT_EQ(clGetProgramInfo(P, CL_PROGRAM_BINARY_SIZES, sizeof Size, &Size, nullptr), CL_SUCCESS);
  std::vector<unsigned char> Bytes(Size);
  unsigned char *Ptr = Bytes.data();
  EXPECT_EQ(clGetProgramInfo(P, CL_PROGRAM_BINARIES, sizeof Ptr, &Ptr, nullptr), CL_SUCCESS);
  return Bytes;
}

} // namespace weft::test

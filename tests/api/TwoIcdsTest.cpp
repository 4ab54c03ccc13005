// Weft beside PoCL in one process, through one ICD loader: both platforms enumerate and work.
#include "api/ApiTest.h"

namespace weft::test {
namespace {

cl_platform_id findByName(const std::string &Fragment) {
  for (cl_platform_id P : allPlatforms())
    if (platformString(P, CL_PLATFORM_NAME).find(Fragment) != std::string::npos)
      return P;
  return nullptr;
}

void useDevice(cl_platform_id P) {
  cl_device_id D = nullptr;
  ASSERT_EQ(clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, nullptr), CL_SUCCESS);
  cl_platform_id Owner = nullptr;
  ASSERT_EQ(clGetDeviceInfo(D, CL_DEVICE_PLATFORM, sizeof Owner, &Owner, nullptr), CL_SUCCESS);
  EXPECT_EQ(Owner, P);
  cl_context_properties Props[] = {CL_CONTEXT_PLATFORM, cl_context_properties(P), 0};
  cl_int Err;
  cl_context C = clCreateContext(Props, 1, &D, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_device_id Back = nullptr;
  ASSERT_EQ(clGetContextInfo(C, CL_CONTEXT_DEVICES, sizeof Back, &Back, nullptr), CL_SUCCESS);
  EXPECT_EQ(Back, D);
  EXPECT_EQ(clReleaseContext(C), CL_SUCCESS);
}

TEST(TwoIcds, WeftAndPoclInOneProcess) {
  ASSERT_GE(allPlatforms().size(), 2u)
      << "expected Weft and PoCL; install pocl-opencl-icd (scripts/deps.sh does) and re-run cmake";
  cl_platform_id Weft = findByName("Weft");
  cl_platform_id Pocl = findByName("Portable Computing Language");
  ASSERT_NE(Weft, nullptr);
  ASSERT_NE(Pocl, nullptr) << "PoCL's platform is missing";
  // Interleave the two so that each call goes to the right driver.
  useDevice(Weft);
  useDevice(Pocl);
  useDevice(Weft);
  // A PoCL device is not a Weft device: a Weft context refuses it.
  cl_device_id PoclDevice;
  ASSERT_EQ(clGetDeviceIDs(Pocl, CL_DEVICE_TYPE_ALL, 1, &PoclDevice, nullptr), CL_SUCCESS);
  cl_device_id WeftDevice;
  ASSERT_EQ(clGetDeviceIDs(Weft, CL_DEVICE_TYPE_ALL, 1, &WeftDevice, nullptr), CL_SUCCESS);
  cl_device_id Mixed[] = {WeftDevice, PoclDevice};
  cl_int Err;
  EXPECT_EQ(clCreateContext(nullptr, 2, Mixed, nullptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_DEVICE);
}

} // namespace
} // namespace weft::test

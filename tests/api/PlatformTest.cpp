// OpenCL 3.0 §4.1 (querying platform info) through the ICD loader.
#include "api/ApiTest.h"

#include <cstring>
#include <set>
#include <sstream>

namespace weft::test {
namespace {

using PlatformApi = WeftTest;

TEST_F(PlatformApi, EnumerationRules) {
  cl_uint N = 0;
  ASSERT_EQ(clGetPlatformIDs(0, nullptr, &N), CL_SUCCESS);
  EXPECT_GE(N, 1u);
  cl_platform_id P;
  // "CL_INVALID_VALUE if num_entries is equal to zero and platforms is not NULL or if both
  // num_platforms and platforms are NULL."
  EXPECT_EQ(clGetPlatformIDs(0, &P, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetPlatformIDs(1, nullptr, nullptr), CL_INVALID_VALUE);
}

TEST_F(PlatformApi, IcdEntryPointFollowsTheSameRules) {
  auto GetIds = reinterpret_cast<clIcdGetPlatformIDsKHR_fn>(
      clGetExtensionFunctionAddressForPlatform(Platform, "clIcdGetPlatformIDsKHR"));
  ASSERT_NE(GetIds, nullptr);
  cl_platform_id P = nullptr;
  cl_uint N = 0;
  ASSERT_EQ(GetIds(1, &P, &N), CL_SUCCESS);
  EXPECT_EQ(N, 1u);
  EXPECT_EQ(P, Platform);
  EXPECT_EQ(GetIds(0, &P, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(GetIds(0, nullptr, nullptr), CL_INVALID_VALUE);
}

TEST_F(PlatformApi, Strings) {
  EXPECT_EQ(platformString(Platform, CL_PLATFORM_NAME), "Weft");
  EXPECT_EQ(platformString(Platform, CL_PLATFORM_PROFILE), "FULL_PROFILE");
  EXPECT_EQ(platformString(Platform, CL_PLATFORM_VERSION), "OpenCL 3.0 Weft " WEFT_VERSION);
  EXPECT_FALSE(platformString(Platform, CL_PLATFORM_VENDOR).empty());
  EXPECT_EQ(platformString(Platform, CL_PLATFORM_ICD_SUFFIX_KHR), "WEFT");
}

TEST_F(PlatformApi, NumericVersionAndTimer) {
  cl_version V = 0;
  ASSERT_EQ(clGetPlatformInfo(Platform, CL_PLATFORM_NUMERIC_VERSION, sizeof V, &V, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(V, CL_MAKE_VERSION(3, 0, 0));
  cl_ulong Res = 0;
  ASSERT_EQ(clGetPlatformInfo(Platform, CL_PLATFORM_HOST_TIMER_RESOLUTION, sizeof Res, &Res,
                              nullptr),
            CL_SUCCESS);
  EXPECT_GT(Res, 0u); // non-zero: clGetHostTimer is supported
}

TEST_F(PlatformApi, ExtensionsStringMatchesWithVersionList) {
  std::istringstream In(platformString(Platform, CL_PLATFORM_EXTENSIONS));
  std::set<std::string> FromString;
  for (std::string E; In >> E;)
    FromString.insert(E);
  size_t Size = 0;
  ASSERT_EQ(clGetPlatformInfo(Platform, CL_PLATFORM_EXTENSIONS_WITH_VERSION, 0, nullptr, &Size),
            CL_SUCCESS);
  ASSERT_EQ(Size % sizeof(cl_name_version), 0u);
  std::vector<cl_name_version> List(Size / sizeof(cl_name_version));
  ASSERT_EQ(clGetPlatformInfo(Platform, CL_PLATFORM_EXTENSIONS_WITH_VERSION, Size, List.data(),
                              nullptr),
            CL_SUCCESS);
  std::set<std::string> FromList;
  for (const cl_name_version &NV : List) {
    FromList.insert(NV.name);
    EXPECT_NE(NV.version, 0u) << NV.name;
  }
  EXPECT_EQ(FromString, FromList);
  EXPECT_TRUE(FromString.count("cl_khr_icd"));
}

TEST_F(PlatformApi, SizeRules) {
  size_t Size = 0;
  // param_value NULL: only the size is returned.
  ASSERT_EQ(clGetPlatformInfo(Platform, CL_PLATFORM_NAME, 0, nullptr, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, std::strlen("Weft") + 1);
  // Too small a buffer: CL_INVALID_VALUE, and the buffer is untouched.
  char Small[4] = {'x', 'x', 'x', 'x'};
  EXPECT_EQ(clGetPlatformInfo(Platform, CL_PLATFORM_NAME, sizeof Small, Small, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(Small[0], 'x');
  // Exactly the size: fine, and param_value_size_ret may be NULL.
  char Exact[5];
  EXPECT_EQ(clGetPlatformInfo(Platform, CL_PLATFORM_NAME, sizeof Exact, Exact, nullptr),
            CL_SUCCESS);
  EXPECT_STREQ(Exact, "Weft");
}

TEST_F(PlatformApi, InvalidQueriesAndHandles) {
  size_t Size = 0;
  EXPECT_EQ(clGetPlatformInfo(Platform, 0x7fff, 0, nullptr, &Size), CL_INVALID_VALUE);
  EXPECT_EQ(clGetPlatformInfo(Platform, CL_DEVICE_NAME, 0, nullptr, &Size), CL_INVALID_VALUE);
  // A device handle where a platform belongs: the loader dispatches it to Weft, which checks it.
  EXPECT_EQ(clGetPlatformInfo(reinterpret_cast<cl_platform_id>(Device), CL_PLATFORM_NAME, 0,
                              nullptr, &Size),
            CL_INVALID_PLATFORM);
}

TEST_F(PlatformApi, ExtensionFunctionLookup) {
  EXPECT_NE(clGetExtensionFunctionAddressForPlatform(Platform, "clIcdGetPlatformIDsKHR"), nullptr);
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(Platform, "clNoSuchFunctionKHR"), nullptr);
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(Platform, nullptr), nullptr);
}

TEST_F(PlatformApi, UnloadPlatformCompiler) {
  EXPECT_EQ(clUnloadPlatformCompiler(Platform), CL_SUCCESS);
}

} // namespace
} // namespace weft::test

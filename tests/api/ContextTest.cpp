// OpenCL 3.0 §4.4 (contexts) through the ICD loader: creation rules, properties, info, callbacks.
#include "api/ApiTest.h"

#include <string>
#include <vector>

namespace weft::test {
namespace {

using ContextApi = WeftTest;

struct Notifications {
  std::vector<std::string> Messages;
  static void CL_CALLBACK record(const char *Info, const void *, size_t, void *User) {
    static_cast<Notifications *>(User)->Messages.push_back(Info);
  }
};

cl_uint refCount(cl_context C) {
  cl_uint N = 0;
  EXPECT_EQ(clGetContextInfo(C, CL_CONTEXT_REFERENCE_COUNT, sizeof N, &N, nullptr), CL_SUCCESS);
  return N;
}

TEST_F(ContextApi, CreateQueryRelease) {
  cl_int Err = -1;
  cl_context C = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_NE(C, nullptr);
  EXPECT_EQ(refCount(C), 1u);
  cl_uint NumDevices = 0;
  ASSERT_EQ(clGetContextInfo(C, CL_CONTEXT_NUM_DEVICES, sizeof NumDevices, &NumDevices, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(NumDevices, 1u);
  cl_device_id D = nullptr;
  ASSERT_EQ(clGetContextInfo(C, CL_CONTEXT_DEVICES, sizeof D, &D, nullptr), CL_SUCCESS);
  EXPECT_EQ(D, Device);
  size_t Size = 99;
  // No properties given: "param_value_size_ret ... 0".
  ASSERT_EQ(clGetContextInfo(C, CL_CONTEXT_PROPERTIES, 0, nullptr, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, 0u);
  EXPECT_EQ(clGetContextInfo(C, 0x7fff, 0, nullptr, &Size), CL_INVALID_VALUE);
  EXPECT_EQ(clGetContextInfo(C, CL_CONTEXT_NUM_DEVICES, 1, &NumDevices, nullptr),
            CL_INVALID_VALUE);

  EXPECT_EQ(clRetainContext(C), CL_SUCCESS);
  EXPECT_EQ(refCount(C), 2u);
  EXPECT_EQ(clReleaseContext(C), CL_SUCCESS);
  EXPECT_EQ(refCount(C), 1u);
  EXPECT_EQ(clReleaseContext(C), CL_SUCCESS);
}

TEST_F(ContextApi, ErrcodeRetMayBeNull) {
  cl_context C = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, nullptr);
  ASSERT_NE(C, nullptr);
  EXPECT_EQ(clReleaseContext(C), CL_SUCCESS);
  EXPECT_EQ(clCreateContext(nullptr, 0, &Device, nullptr, nullptr, nullptr), nullptr);
}

TEST_F(ContextApi, PropertiesAreKeptAndReturned) {
  cl_context_properties Props[] = {CL_CONTEXT_PLATFORM, cl_context_properties(Platform),
                                   CL_CONTEXT_INTEROP_USER_SYNC, CL_TRUE, 0};
  cl_int Err;
  cl_context C = clCreateContext(Props, 1, &Device, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  size_t Size = 0;
  ASSERT_EQ(clGetContextInfo(C, CL_CONTEXT_PROPERTIES, 0, nullptr, &Size), CL_SUCCESS);
  ASSERT_EQ(Size, sizeof Props);
  cl_context_properties Back[5];
  ASSERT_EQ(clGetContextInfo(C, CL_CONTEXT_PROPERTIES, Size, Back, nullptr), CL_SUCCESS);
  for (int I = 0; I < 5; ++I)
    EXPECT_EQ(Back[I], Props[I]);
  clReleaseContext(C);
}

TEST_F(ContextApi, DuplicateDevicesAreIgnored) {
  cl_device_id Two[] = {Device, Device};
  cl_int Err;
  cl_context C = clCreateContext(nullptr, 2, Two, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_uint N = 0;
  clGetContextInfo(C, CL_CONTEXT_NUM_DEVICES, sizeof N, &N, nullptr);
  EXPECT_EQ(N, 1u);
  clReleaseContext(C);
}

TEST_F(ContextApi, CreationErrors) {
  cl_int Err;
  auto Expect = [&](const cl_context_properties *Props, cl_uint N, const cl_device_id *Devs,
                    void *User, cl_int Code) {
    Notifications Sink;
    cl_context C = clCreateContext(Props, N, Devs, User ? Notifications::record : nullptr,
                                   User, &Err);
    EXPECT_EQ(C, nullptr);
    EXPECT_EQ(Err, Code);
  };
  Expect(nullptr, 1, nullptr, nullptr, CL_INVALID_VALUE);
  Expect(nullptr, 0, &Device, nullptr, CL_INVALID_VALUE);
  // pfn_notify NULL but user_data not NULL.
  int Dummy;
  EXPECT_EQ(clCreateContext(nullptr, 1, &Device, nullptr, &Dummy, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  cl_device_id Bad = reinterpret_cast<cl_device_id>(Platform);
  Expect(nullptr, 1, &Bad, nullptr, CL_INVALID_DEVICE);
  cl_device_id WithNull[] = {Device, nullptr};
  Expect(nullptr, 2, WithNull, nullptr, CL_INVALID_DEVICE);

  cl_context_properties Unknown[] = {0x7777, 1, 0};
  Expect(Unknown, 1, &Device, nullptr, CL_INVALID_PROPERTY);
  cl_context_properties Twice[] = {CL_CONTEXT_INTEROP_USER_SYNC, CL_FALSE,
                                   CL_CONTEXT_INTEROP_USER_SYNC, CL_TRUE, 0};
  Expect(Twice, 1, &Device, nullptr, CL_INVALID_PROPERTY);
  cl_context_properties BadSync[] = {CL_CONTEXT_INTEROP_USER_SYNC, 7, 0};
  Expect(BadSync, 1, &Device, nullptr, CL_INVALID_PROPERTY);
  cl_context_properties PlatformTwice[] = {CL_CONTEXT_PLATFORM, cl_context_properties(Platform),
                                           CL_CONTEXT_PLATFORM, cl_context_properties(Platform),
                                           0};
  Expect(PlatformTwice, 1, &Device, nullptr, CL_INVALID_PROPERTY);
}

TEST_F(ContextApi, InvalidPlatformPropertyReachingWeft) {
  // The loader dispatches on devices[0]; Weft then finds the property's platform invalid.
  cl_context_properties BadPlatform[] = {CL_CONTEXT_PLATFORM, cl_context_properties(Device), 0};
  cl_int Err;
  EXPECT_EQ(clCreateContext(BadPlatform, 1, &Device, nullptr, nullptr, &Err), nullptr);
  EXPECT_TRUE(Err == CL_INVALID_PLATFORM) << Err;
}

TEST_F(ContextApi, NotifyExplainsFailuresWithValues) {
  Notifications Sink;
  cl_context_properties Unknown[] = {0x7777, 1, 0};
  cl_int Err;
  EXPECT_EQ(clCreateContext(Unknown, 1, &Device, Notifications::record, &Sink, &Err), nullptr);
  ASSERT_EQ(Sink.Messages.size(), 1u);
  EXPECT_NE(Sink.Messages[0].find("clCreateContext"), std::string::npos) << Sink.Messages[0];
  EXPECT_NE(Sink.Messages[0].find("CL_INVALID_PROPERTY"), std::string::npos) << Sink.Messages[0];
  EXPECT_NE(Sink.Messages[0].find("0x7777"), std::string::npos) << Sink.Messages[0];

  // A failing call on a live context reaches its pfn_notify, with the offending value.
  cl_context C = clCreateContext(nullptr, 1, &Device, Notifications::record, &Sink, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  size_t Size;
  EXPECT_EQ(clGetContextInfo(C, 0x4242, 0, nullptr, &Size), CL_INVALID_VALUE);
  ASSERT_EQ(Sink.Messages.size(), 2u);
  EXPECT_NE(Sink.Messages[1].find("clGetContextInfo"), std::string::npos) << Sink.Messages[1];
  EXPECT_NE(Sink.Messages[1].find("0x4242"), std::string::npos) << Sink.Messages[1];
  clReleaseContext(C);
}

TEST_F(ContextApi, FromType) {
  cl_context_properties Props[] = {CL_CONTEXT_PLATFORM, cl_context_properties(Platform), 0};
  cl_int Err;
  for (cl_device_type T : std::initializer_list<cl_device_type>{
           CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_DEFAULT, CL_DEVICE_TYPE_ALL}) {
    cl_context C = clCreateContextFromType(Props, T, nullptr, nullptr, &Err);
    ASSERT_EQ(Err, CL_SUCCESS) << T;
    cl_device_id D = nullptr;
    clGetContextInfo(C, CL_CONTEXT_DEVICES, sizeof D, &D, nullptr);
    EXPECT_EQ(D, Device);
    clReleaseContext(C);
  }
  EXPECT_EQ(clCreateContextFromType(Props, CL_DEVICE_TYPE_GPU, nullptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_DEVICE_NOT_FOUND);
  EXPECT_EQ(clCreateContextFromType(Props, 0, nullptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_DEVICE_TYPE);
  EXPECT_EQ(clCreateContextFromType(Props, cl_device_type(1) << 33, nullptr, nullptr, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_DEVICE_TYPE);
  int Dummy;
  EXPECT_EQ(clCreateContextFromType(Props, CL_DEVICE_TYPE_CPU, nullptr, &Dummy, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  cl_context_properties Unknown[] = {CL_CONTEXT_PLATFORM, cl_context_properties(Platform), 0x7777,
                                     1, 0};
  EXPECT_EQ(clCreateContextFromType(Unknown, CL_DEVICE_TYPE_CPU, nullptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_PROPERTY);
}

struct DestructorLog {
  std::vector<int> Order;
  cl_context Seen = nullptr;
};
template <int Id> void CL_CALLBACK logDestructor(cl_context C, void *User) {
  auto *Log = static_cast<DestructorLog *>(User);
  Log->Order.push_back(Id);
  Log->Seen = C;
}

TEST_F(ContextApi, DestructorCallbacksRunInReverseOrderAtDestruction) {
  cl_int Err;
  cl_context C = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  DestructorLog Log;
  ASSERT_EQ(clSetContextDestructorCallback(C, logDestructor<1>, &Log), CL_SUCCESS);
  ASSERT_EQ(clSetContextDestructorCallback(C, logDestructor<2>, &Log), CL_SUCCESS);
  ASSERT_EQ(clSetContextDestructorCallback(C, logDestructor<3>, &Log), CL_SUCCESS);
  EXPECT_EQ(clSetContextDestructorCallback(C, nullptr, &Log), CL_INVALID_VALUE);
  clRetainContext(C);
  clReleaseContext(C);
  EXPECT_TRUE(Log.Order.empty()) << "callbacks ran before the last release";
  clReleaseContext(C);
  EXPECT_EQ(Log.Order, (std::vector<int>{3, 2, 1}));
  EXPECT_EQ(Log.Seen, C);
}

TEST_F(ContextApi, InvalidHandles) {
  EXPECT_EQ(clRetainContext(reinterpret_cast<cl_context>(Device)), CL_INVALID_CONTEXT);
  EXPECT_EQ(clReleaseContext(reinterpret_cast<cl_context>(Device)), CL_INVALID_CONTEXT);
  size_t Size;
  EXPECT_EQ(clGetContextInfo(reinterpret_cast<cl_context>(Device), CL_CONTEXT_NUM_DEVICES, 0,
                             nullptr, &Size),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clSetContextDestructorCallback(reinterpret_cast<cl_context>(Device),
                                           logDestructor<0>, nullptr),
            CL_INVALID_CONTEXT);
}

} // namespace
} // namespace weft::test

// Imported first by a test file (before any module reads the configuration): work left behind counts as stale after
// 3 seconds, as the fault tests start their servers (STALE_JOB_SECONDS=3).
process.env.STALE_JOB_SECONDS = "3";

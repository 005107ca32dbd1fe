import { BlogDetailSkeleton } from "@/components/blogs/blog-detail-skeleton";

export default function Loading() {
  return <BlogDetailSkeleton />;
}

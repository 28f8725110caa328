/**
 * The limiter moved to lib/rate-limit/limiter.ts (with the named budgets in lib/rate-limit/index.ts). This re-export
 * keeps lib/course-admin/limit.ts compiling while the course actions move into lib/courses in parallel; it goes
 * once they take their limit from `rateLimit('admin')`.
 */
export {
  type LimitDecision,
  type Limiter,
  type PeekableLimiter,
  createLimiter,
} from '@/lib/rate-limit/limiter';

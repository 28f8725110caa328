export { CauseNotFound as default } from '@/app/[locale]/_routes/cause-route';

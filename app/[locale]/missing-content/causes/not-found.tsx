export { CauseNotFound as default } from '@/components/causes/cause-route';

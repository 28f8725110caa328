export { default } from '../../event/[slug]/not-found';

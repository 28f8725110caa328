export { default } from '../../reports/[slug]/not-found';

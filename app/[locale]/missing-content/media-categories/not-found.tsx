export { default } from '../../media/category/[slug]/not-found';

export { default } from '../../media-archive/[slug]/not-found';

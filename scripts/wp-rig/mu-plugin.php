<?php
/**
 * Plugin Name: WP Rig (local test environment)
 * Description: Tweaks for the offline local rig only: no e-mail, no update checks against WordPress.org.
 *
 * @package WPRig
 */

defined( 'ABSPATH' ) || exit;

// "polylang=on": Polylang's REST shape and PHP API with a few translated demo items (scripts/wp-rig.sh mode).
require_once __DIR__ . '/polylang.php';

// WP_DEBUG stays on (notices and _doing_it_wrong() go to logs/wp-debug.log), but WordPress 6.1's bundled libraries
// raise ~10 PHP 8.2 deprecation notices per request, which would bury everything else.
error_reporting( E_ALL & ~E_DEPRECATED );

// There is no MTA: pretend every e-mail was sent (WordPress 5.7+ honours pre_wp_mail).
add_filter( 'pre_wp_mail', '__return_true' );

// Offline: never check WordPress.org for updates (each check would fail and log a warning).
add_action(
	'init',
	static function () {
		remove_action( 'admin_init', '_maybe_update_core' );
		remove_action( 'admin_init', '_maybe_update_plugins' );
		remove_action( 'admin_init', '_maybe_update_themes' );
		remove_action( 'admin_init', 'wp_maybe_auto_update' );
		remove_action( 'wp_version_check', 'wp_version_check' );
		remove_action( 'wp_update_plugins', 'wp_update_plugins' );
		remove_action( 'wp_update_themes', 'wp_update_themes' );
		foreach ( array( 'load-plugins.php', 'load-update.php', 'load-update-core.php' ) as $screen ) {
			remove_action( $screen, 'wp_update_plugins' );
		}
		foreach ( array( 'load-themes.php', 'load-update.php', 'load-update-core.php' ) as $screen ) {
			remove_action( $screen, 'wp_update_themes' );
		}
	}
);
add_filter( 'admin_email_check_interval', '__return_zero' );

// Cells of the test matrix (scripts/wp-rig.sh mode). With the companion plugin inactive, the site's own post
// types stand in for it as CPT UI or a theme would register them: REST-enabled, no fields.
add_action(
	'init',
	static function () {
		foreach ( (array) get_option( 'wprig_site_types', array() ) as $type ) {
			if ( ! in_array( $type, array( 'reports', 'events' ), true ) || post_type_exists( $type ) ) {
				continue;
			}
			register_post_type(
				$type,
				array(
					'label'        => ucfirst( $type ),
					'public'       => true,
					'show_in_rest' => true,
					'rest_base'    => $type,
					'has_archive'  => true,
					'supports'     => array( 'title', 'editor', 'excerpt', 'thumbnail', 'author' ),
				)
			);
		}
	},
	20
);

// "acf=ids": WordPress with the real ACF plugin and the companion's field groups (raw attachment IDs unless the
// request asks for acf_format=standard); see acf-emulation.php. __DIR__ is this file's real directory (PHP resolves
// the mu-plugins symlink).
if ( 'ids' === get_option( 'wprig_acf' ) ) {
	require __DIR__ . '/acf-emulation.php';
}

// "acf=absent": WordPress without ACF-shaped fields (no `acf` key in any REST answer).
add_action(
	'rest_api_init',
	static function () {
		global $wp_rest_additional_fields;
		if ( 'absent' !== get_option( 'wprig_acf' ) || ! is_array( $wp_rest_additional_fields ) ) {
			return;
		}
		foreach ( array_keys( $wp_rest_additional_fields ) as $object_type ) {
			unset( $wp_rest_additional_fields[ $object_type ]['acf'] );
		}
	},
	PHP_INT_MAX
);

/*
 * "seo=yoast" / "seo=rankmath" (scripts/wp-rig.sh mode): what the two SEO plugins give a headless site, without
 * installing them. Yoast SEO adds `yoast_head_json` to every REST post, page and custom post type (its shape:
 * title, description, robots, canonical, og_*, twitter_*); Rank Math answers GET /rankmath/v1/getHead?url=<permalink>
 * with { success: true, head: "<title>…<meta…>" }. Every entry gets the plugins' defaults (title "<title> -
 * <blog name>", canonical = the WordPress permalink); a few get what an editor might type, hostile values included.
 */

/**
 * Editor-set SEO values of a few seeded entries, by slug.
 *
 * @return array<string,array>
 */
function wprig_seo_overrides() {
	$site = untrailingslashit( (string) get_option( 'lrjn_companion_site_url', 'http://localhost:3000' ) );
	return array(
		'faith-leaders-roundtable'      => array(
			'title'       => 'Faith leaders &amp; racial justice: the roundtable - %%sitename%%',
			'description' => 'Faith leaders from across Leeds met to agree what they will do next.',
			'og_title'    => 'Share: the faith leaders roundtable - %%sitename%%',
		),
		'stop-the-scan-petition-handover' => array(
			'title'     => 'Petition handed over - %%sitename%%',
			'canonical' => $site . '/blog/stop-the-scan-campaign-launch/',
		),
		'hostile-markup-test'           => array(
			'title'       => '<script>alert(1)</script>&lt;img src=x onerror=alert(2)&gt;Hostile SEO title',
			'description' => '<iframe src="javascript:alert(3)"></iframe>Hostile description',
			'canonical'   => 'https://evil.example/stolen/',
			'og_image'    => 'javascript:alert(4)',
			'noindex'     => true,
		),
		'home'                          => array(
			'title'       => 'Welcome to the network - %%sitename%%',
			'description' => 'The SEO description of the home page.',
		),
	);
}

/**
 * The SEO head of a post: the plugins' defaults with the overrides above.
 *
 * @param WP_Post $post Post.
 * @return array
 */
function wprig_seo_head( $post ) {
	$name      = get_bloginfo( 'name' );
	$overrides = wprig_seo_overrides();
	$custom    = isset( $overrides[ $post->post_name ] ) ? $overrides[ $post->post_name ] : array();
	$title     = isset( $custom['title'] ) ? $custom['title'] : get_the_title( $post ) . ' - %%sitename%%';
	$image_id  = get_post_thumbnail_id( $post );
	$image     = $image_id ? wp_get_attachment_image_src( $image_id, 'full' ) : false;
	$head      = array(
		'title'       => str_replace( '%%sitename%%', $name, $title ),
		'description' => isset( $custom['description'] ) ? $custom['description'] : wp_strip_all_tags( get_the_excerpt( $post ) ),
		'canonical'   => isset( $custom['canonical'] ) ? $custom['canonical'] : get_permalink( $post ),
		'og_title'    => str_replace( '%%sitename%%', $name, isset( $custom['og_title'] ) ? $custom['og_title'] : $title ),
		'site_name'   => $name,
		'image'       => isset( $custom['og_image'] ) ? array( $custom['og_image'], 0, 0 ) : $image,
		'noindex'     => ! empty( $custom['noindex'] ),
	);
	return $head;
}

/**
 * Yoast SEO's REST field for a post.
 *
 * @param array $data REST data of the post.
 * @return array
 */
function wprig_yoast_head_json( $data ) {
	$post = get_post( (int) $data['id'] );
	if ( ! $post ) {
		return null;
	}
	$h = wprig_seo_head( $post );
	return array(
		'title'          => $h['title'],
		'description'    => $h['description'],
		'robots'         => array(
			'index'             => $h['noindex'] ? 'noindex' : 'index',
			'follow'            => 'follow',
			'max-snippet'       => 'max-snippet:-1',
			'max-image-preview' => 'max-image-preview:large',
		),
		'canonical'      => $h['canonical'],
		'og_locale'      => 'en_GB',
		'og_type'        => 'post' === $post->post_type ? 'article' : 'website',
		'og_title'       => $h['og_title'],
		'og_description' => $h['description'],
		'og_url'         => $h['canonical'],
		'og_site_name'   => $h['site_name'],
		'og_image'       => $h['image'] ? array(
			array(
				'width'  => (int) $h['image'][1],
				'height' => (int) $h['image'][2],
				'url'    => $h['image'][0],
				'type'   => 'image/jpeg',
			),
		) : array(),
		'twitter_card'   => 'summary_large_image',
		'schema'         => array( '@context' => 'https://schema.org', '@graph' => array() ),
	);
}

/**
 * Rank Math's head HTML for a post.
 *
 * @param WP_Post $post Post.
 * @return string
 */
function wprig_rankmath_head( $post ) {
	$h    = wprig_seo_head( $post );
	$meta = static function ( $attr, $key, $value ) {
		return sprintf( '<meta %s="%s" content="%s" />', $attr, esc_attr( $key ), esc_attr( (string) $value ) ) . "\n";
	};
	$out  = '<title>' . esc_html( $h['title'] ) . "</title>\n";
	$out .= $meta( 'name', 'description', $h['description'] );
	$out .= $meta( 'name', 'robots', ( $h['noindex'] ? 'noindex' : 'index' ) . ', follow, max-snippet:-1' );
	$out .= '<link rel="canonical" href="' . esc_url( $h['canonical'], array( 'http', 'https' ) ) . "\" />\n";
	$out .= $meta( 'property', 'og:locale', 'en_GB' );
	$out .= $meta( 'property', 'og:site_name', $h['site_name'] );
	$out .= $meta( 'property', 'og:title', $h['og_title'] );
	$out .= $meta( 'property', 'og:description', $h['description'] );
	if ( $h['image'] ) {
		$out .= $meta( 'property', 'og:image', $h['image'][0] );
		$out .= $meta( 'property', 'og:image:width', (int) $h['image'][1] );
		$out .= $meta( 'property', 'og:image:height', (int) $h['image'][2] );
	}
	$out .= $meta( 'name', 'twitter:card', 'summary_large_image' );
	return $out;
}

add_action(
	'rest_api_init',
	static function () {
		$mode = get_option( 'wprig_seo', 'none' );
		if ( 'yoast' === $mode ) {
			foreach ( get_post_types( array( 'show_in_rest' => true ) ) as $type ) {
				register_rest_field( $type, 'yoast_head_json', array( 'get_callback' => 'wprig_yoast_head_json' ) );
			}
		} elseif ( 'rankmath' === $mode ) {
			register_rest_route(
				'rankmath/v1',
				'/getHead',
				array(
					'methods'             => 'GET',
					'permission_callback' => '__return_true',
					'args'                => array( 'url' => array( 'required' => true ) ),
					'callback'            => static function ( WP_REST_Request $request ) {
						$url     = (string) $request['url'];
						$post_id = url_to_postid( $url );
						if ( ! $post_id && untrailingslashit( $url ) === untrailingslashit( home_url() ) ) {
							$post_id = (int) get_option( 'page_on_front' );
						}
						$post = $post_id ? get_post( $post_id ) : null;
						if ( ! $post || 'publish' !== $post->post_status ) {
							return new WP_Error( 'url_not_found', 'URL not found.', array( 'status' => 404 ) );
						}
						return array(
							'success' => true,
							'head'    => wprig_rankmath_head( $post ),
						);
					},
				)
			);
		}
	}
);

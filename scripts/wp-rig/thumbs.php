<?php
/**
 * Generates attachment metadata and image subsizes for the given attachment IDs. import.php runs one of these per
 * CPU core on disjoint ID lists. Results are cached by content (file hash, file name, registered sizes, WordPress
 * version) in <cache dir>/subsizes/, so later boots copy the files instead of resizing again.
 *
 * Usage: php thumbs.php <cache dir or -> <attachment id>...
 */

require __DIR__ . '/bootstrap.php';
require wprig_wp_load();
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/media.php';
require __DIR__ . '/fast-image-editor.php';

wprig_block_http();
add_filter( 'lrjn_companion_webhook_enabled', '__return_false' );

$wprig_cache = isset( $argv[1] ) && '-' !== $argv[1] ? rtrim( $argv[1], '/' ) . '/subsizes' : '';
$wprig_ids   = array_map( 'intval', array_slice( $argv, 2 ) );
if ( '' !== $wprig_cache && ! is_dir( $wprig_cache ) ) {
	wp_mkdir_p( $wprig_cache );
}
$wprig_salt = md5( serialize( wp_get_registered_image_subsizes() ) . '|' . get_bloginfo( 'version' ) . '|' . (int) apply_filters( 'big_image_size_threshold', 2560, array( 0, 0 ), '', 0 ) . '|fast-gd-1' );
$wprig_hits = 0;

foreach ( $wprig_ids as $wprig_id ) {
	$wprig_file = get_attached_file( $wprig_id );
	if ( ! $wprig_file || ! is_file( $wprig_file ) ) {
		wprig_fail( "thumbs.php: attachment $wprig_id has no file" );
	}
	$wprig_dir  = dirname( $wprig_file );
	$wprig_key  = sha1( sha1_file( $wprig_file ) . '|' . basename( $wprig_file ) . '|' . $wprig_salt );
	$wprig_slot = '' !== $wprig_cache ? $wprig_cache . '/' . $wprig_key : '';

	// Cache hit: copy the subsize files, reuse the metadata with this upload's relative path.
	if ( '' !== $wprig_slot && is_file( $wprig_slot . '/meta.ser' ) ) {
		$wprig_meta = unserialize( (string) file_get_contents( $wprig_slot . '/meta.ser' ), array( 'allowed_classes' => false ) ); // phpcs:ignore
		$wprig_ok   = is_array( $wprig_meta );
		foreach ( $wprig_ok && ! empty( $wprig_meta['sizes'] ) ? $wprig_meta['sizes'] : array() as $wprig_size ) {
			$wprig_ok = $wprig_ok && copy( $wprig_slot . '/' . basename( $wprig_size['file'] ), $wprig_dir . '/' . basename( $wprig_size['file'] ) );
		}
		if ( $wprig_ok ) {
			if ( isset( $wprig_meta['file'] ) ) {
				$wprig_meta['file'] = _wp_relative_upload_path( $wprig_file );
			}
			wp_update_attachment_metadata( $wprig_id, $wprig_meta );
			++$wprig_hits;
			continue;
		}
	}

	$wprig_meta = wp_generate_attachment_metadata( $wprig_id, $wprig_file );
	if ( ! is_array( $wprig_meta ) ) {
		$wprig_meta = array();
	}
	wp_update_attachment_metadata( $wprig_id, $wprig_meta );

	if ( '' !== $wprig_slot ) {
		$wprig_tmp = $wprig_slot . '.tmp' . getmypid();
		if ( wp_mkdir_p( $wprig_tmp ) ) {
			$wprig_ok = true;
			foreach ( ! empty( $wprig_meta['sizes'] ) ? $wprig_meta['sizes'] : array() as $wprig_size ) {
				$wprig_ok = $wprig_ok && copy( $wprig_dir . '/' . basename( $wprig_size['file'] ), $wprig_tmp . '/' . basename( $wprig_size['file'] ) );
			}
			$wprig_ok = $wprig_ok && false !== file_put_contents( $wprig_tmp . '/meta.ser', serialize( $wprig_meta ) ); // phpcs:ignore
			if ( ! $wprig_ok || ! @rename( $wprig_tmp, $wprig_slot ) ) { // phpcs:ignore
				array_map( 'unlink', glob( $wprig_tmp . '/*' ) ?: array() );
				@rmdir( $wprig_tmp ); // phpcs:ignore
			}
		}
	}
}

echo count( $wprig_ids ) . " attachments ($wprig_hits from cache)\n";

<?php
/**
 * An ACF-shaped `acf` REST field for sites that run without Advanced Custom Fields.
 *
 * The front end was written against ACF's REST output. When ACF is active it provides `acf` itself and this file
 * does nothing. Otherwise `acf` is built from ordinary post meta whose keys equal the ACF field names:
 *  - a post with none of its type's fields stored gives `[]` (an empty JSON array), as ACF does without a field group;
 *  - otherwise every field of the type is present: unset ones are null, stored values are returned as stored
 *    (arrays are kept serialized in meta and come back as arrays/objects);
 *  - file and image fields hold attachment IDs and are returned as URLs (ACF's "url" return format).
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/**
 * Field names and formats per post type. Formats: text (as stored), file (attachment ID → URL),
 * gallery (list of attachment IDs → list of URLs), bool, int.
 *
 * @return array<string,array<string,string>>
 */
function lrjn_companion_acf_field_map() {
	$media_images = array(
		'event_image'        => 'file',
		'publication_image'  => 'file',
		'featured_image'     => 'file',
		'cover_image'        => 'file',
		'thumbnail'          => 'file',
		'poster_image'       => 'file',
		'video_thumbnail'    => 'file',
		'media_file'         => 'file',
		'podcast_audio_file' => 'file',
	);
	for ( $i = 1; $i <= 20; $i++ ) {
		$media_images[ 'gallery_image_' . $i ] = 'file';
	}
	$media_images['image_gallery'] = 'gallery';

	$map = array(
		'post'          => array(),
		'attachment'    => array(),
		'page'          => array(
			'subtitle'         => 'text',
			'cta_text'         => 'text',
			'cta_link'         => 'text',
			'background_image' => 'file',
			'about_video'      => 'text',
		),
		'reports'       => array(
			'organization' => 'text',
			'pdf_file'     => 'file',
		),
		'cause'         => array(
			'short_description' => 'text',
		),
		'events'        => array(
			'event_date'           => 'text',
			'event_time'           => 'text',
			'event_end_time'       => 'text',
			'event_end_date'       => 'text',
			// How a series repeats: 'weekly', 'fortnightly', 'daily' or an RRULE such as FREQ=WEEKLY;INTERVAL=2.
			'event_recurrence'     => 'text',
			'location_details'     => 'text',
			'location'             => 'text',
			'post_code'            => 'text',
			'venue'                => 'text',
			'is_online'            => 'bool',
			'registration_details' => 'text',
			'event_type'           => 'text',
			'event_status'         => 'text',
			'speakers'             => 'text',
			'organizers'           => 'text',
			'agenda'               => 'text',
			'resources'            => 'text',
			'follow_up'            => 'text',
			// A YouTube/Vimeo link or a video file (an uploaded mp4/webm, returned as its URL).
			'video_url'            => 'file',
			'image'                => 'file',
		),
		'media_archive' => array_merge(
			array(
				'media_type'   => 'text',
				'external_url' => 'text',
			),
			$media_images
		),
		'team_member'   => array(
			'role'  => 'text',
			'photo' => 'file',
			'bio'   => 'text',
			'email' => 'text',
			'order' => 'int',
		),
		'vacancy'       => array(
			'closing_date'  => 'text',
			'hours'         => 'text',
			'salary'        => 'text',
			'location'      => 'text',
			'how_to_apply'  => 'text',
			'contract_type' => 'text',
		),
	);

	/**
	 * Filters the fields exposed in the ACF-shaped `acf` REST field.
	 *
	 * @param array<string,array<string,string>> $map post type => [ field name => format ].
	 */
	return apply_filters( 'lrjn_companion_acf_fields', $map );
}

/**
 * Turns one stored file/image value into what ACF's "url" return format gives.
 *
 * @param mixed $value Stored meta value.
 * @return mixed URL string, the value itself when it is already a URL/path, '' or null.
 */
function lrjn_companion_acf_file_url( $value ) {
	if ( is_array( $value ) ) {
		// An ACF-style array with an ID or a URL.
		if ( isset( $value['ID'] ) || isset( $value['id'] ) ) {
			$value = isset( $value['ID'] ) ? $value['ID'] : $value['id'];
		} elseif ( isset( $value['url'] ) ) {
			return (string) $value['url'];
		} else {
			return null;
		}
	}
	if ( '' === $value || false === $value || null === $value ) {
		return '' === $value ? '' : null;
	}
	if ( is_numeric( $value ) ) {
		$url = wp_get_attachment_url( (int) $value );
		return $url ? $url : null;
	}
	return is_string( $value ) ? $value : null;
}

/**
 * Formats one stored value.
 *
 * @param mixed  $value  Stored (unserialized) value.
 * @param string $format Field format.
 * @return mixed
 */
function lrjn_companion_acf_format_value( $value, $format ) {
	switch ( $format ) {
		case 'file':
			return lrjn_companion_acf_file_url( $value );
		case 'gallery':
			if ( ! is_array( $value ) ) {
				$value = '' === $value || null === $value ? array() : array_filter( array_map( 'trim', explode( ',', (string) $value ) ), 'strlen' );
			}
			return array_values( array_filter( array_map( 'lrjn_companion_acf_file_url', $value ) ) );
		case 'bool':
			if ( '' === $value ) {
				return false;
			}
			return is_bool( $value ) ? $value : (bool) filter_var( $value, FILTER_VALIDATE_BOOLEAN );
		case 'int':
			return is_numeric( $value ) ? (int) $value : ( '' === $value ? null : $value );
		default:
			return $value;
	}
}

/**
 * Builds the `acf` value of a post: `[]` when none of its fields is stored, otherwise an object.
 *
 * @param int    $post_id   Post ID.
 * @param string $post_type Post type.
 * @return array
 */
function lrjn_companion_acf_values( $post_id, $post_type ) {
	$map    = lrjn_companion_acf_field_map();
	$fields = isset( $map[ $post_type ] ) ? $map[ $post_type ] : array();
	if ( empty( $fields ) ) {
		return array();
	}

	$all   = get_post_meta( $post_id );
	$found = false;
	$acf   = array();
	foreach ( $fields as $name => $format ) {
		if ( ! isset( $all[ $name ] ) || ! is_array( $all[ $name ] ) || ! array_key_exists( 0, $all[ $name ] ) ) {
			$acf[ $name ] = null;
			continue;
		}
		$found        = true;
		$acf[ $name ] = lrjn_companion_acf_format_value( maybe_unserialize( $all[ $name ][0] ), $format );
	}

	return $found ? $acf : array();
}

/**
 * Registers the `acf` REST field unless ACF is active.
 */
function lrjn_companion_register_acf_rest_field() {
	if ( class_exists( 'ACF' ) ) {
		return;
	}
	/**
	 * Filters whether the plugin provides its ACF-shaped `acf` REST field (only asked when ACF is not active).
	 *
	 * @param bool $enabled Default true.
	 */
	if ( ! apply_filters( 'lrjn_companion_acf_rest_field_enabled', true ) ) {
		return;
	}

	$types = array_keys( lrjn_companion_acf_field_map() );
	$types = array_values( array_filter( $types, 'post_type_exists' ) );

	register_rest_field(
		$types,
		'acf',
		array(
			'get_callback' => static function ( $data ) {
				$id   = isset( $data['id'] ) ? (int) $data['id'] : 0;
				$post = $id ? get_post( $id ) : null;
				if ( ! $post ) {
					return array();
				}
				return lrjn_companion_acf_values( $post->ID, $post->post_type );
			},
			'schema'       => array(
				'description' => __( 'Custom fields (ACF-compatible shape; an empty array when the item has none).', 'lrjn-companion' ),
				'type'        => array( 'object', 'array' ),
				'context'     => array( 'view', 'edit', 'embed' ),
				'readonly'    => true,
			),
		)
	);
}
add_action( 'rest_api_init', 'lrjn_companion_register_acf_rest_field' );
